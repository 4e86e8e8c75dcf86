import type { FoldingSpan, OutlineNode } from '@cn/core';
import { LRUCache } from 'lru-cache';
import type { FileStamp } from './file-stamp.js';

interface Entry {
  /** The session that answered: a restarted server may answer differently. */
  owner: object;
  stamp: FileStamp;
  outline?: Promise<OutlineNode[]>;
  folds?: Promise<FoldingSpan[]>;
}

type Kind = 'outline' | 'folds';
type Answer<K extends Kind> = K extends 'outline' ? OutlineNode[] : FoldingSpan[];

/**
 * Outline and folding answers per file version. On a 29,000-line file the language server needs ~50 ms for
 * folding ranges; an agent inspecting several ids in one file, or mapping then inspecting it, asks again and
 * again about the same text. Keyed by the file stamp, shared by concurrent callers, bounded.
 */
export class FileAnswers {
  private readonly entries: LRUCache<string, Entry>;

  constructor(maxFiles: number) {
    this.entries = new LRUCache({ max: maxFiles });
  }

  get<K extends Kind>(
    kind: K,
    file: string,
    owner: object,
    stamp: FileStamp,
    compute: () => Promise<Answer<K>>,
  ): Promise<Answer<K>> {
    let entry = this.entries.get(file);
    if (!entry || entry.owner !== owner || entry.stamp !== stamp) {
      entry = { owner, stamp };
      this.entries.set(file, entry);
    }
    const key = kind === 'outline' ? 'outline' : 'folds';
    const cached = entry[key] as Promise<Answer<K>> | undefined;
    if (cached) return cached;
    const answer = compute();
    (entry as unknown as Record<string, Promise<Answer<K>>>)[key] = answer;
    // A failed answer is not remembered.
    answer.catch(() => {
      if (entry[key] === (answer as unknown)) delete entry[key];
    });
    return answer;
  }
}
