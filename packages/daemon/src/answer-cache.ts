import { LRUCache } from 'lru-cache';

/** Answers kept per route and request; each is large (a whole-project overview), so few. */
const MAX_ANSWERS = 16;

/**
 * Whole-project answers (`cn unused`, `cn overview`) kept while the project stays as it was: on a
 * 500-file repository each took 4–13 s every time, though nothing had changed. `version` names the
 * project's state (ProjectVersion: every input file's stamp); an answer is given again only while the
 * version is the one it was computed on, so any edit, new or deleted file makes the next call compute
 * afresh. One whose files changed while it was computed is returned but not kept.
 */
export class AnswerCache {
  private readonly answers = new LRUCache<string, { version: string; answer: object }>({ max: MAX_ANSWERS });

  constructor(private readonly version: () => Promise<string>) {}

  async remember<T extends object>(route: string, request: unknown, compute: () => Promise<T>): Promise<T> {
    const key = `${route} ${JSON.stringify(request ?? {})}`;
    const before = await this.version();
    const kept = this.answers.get(key);
    if (kept && kept.version === before) return kept.answer as T;
    const answer = await compute();
    if ((await this.version()) === before) this.answers.set(key, { version: before, answer });
    else this.answers.delete(key);
    return answer;
  }
}
