import * as path from 'node:path';
import {
  literalSpans,
  type DeclarationFacts,
  type DeclarationSyntax,
  type FileSyntax,
  type ProjectSources,
} from '../src/index.js';
import { type FakeFiles, ROOT } from './fakes.js';

/** The fake files as the project's sources; a file's stamp is its text, so an edit changes it. */
export class FakeSources implements ProjectSources {
  failure: Error | undefined;
  listed = 0;
  /** Relative paths the listing still names after they are gone (a deletion the listing missed). */
  readonly staleListing = new Set<string>();

  constructor(private readonly fake: FakeFiles) {}

  async files(): Promise<string[]> {
    this.listed++;
    if (this.failure) throw this.failure;
    return [...new Set([...Object.keys(this.fake.files), ...this.staleListing])]
      .sort()
      .map((relative) => `${ROOT}/${relative}`);
  }

  async stamps(files: readonly string[]): Promise<Array<string | undefined>> {
    return files.map((file) => this.fake.files[path.relative(ROOT, file)]);
  }
}

/**
 * Declarations from a line syntax, enough to test what is built on them: a line `function|class|interface|const
 * NAME` at the start opens a top-level declaration, a line `  NAME(` inside a class a method; each ends where the
 * next one of its level starts (or the file ends); `//` lines right above one are its doc. Identifiers and
 * `'strings'` of a declaration's own lines are its words. Records which files it read.
 */
export class FakeDeclarationSyntax implements DeclarationSyntax {
  readonly parsed: string[] = [];

  /** Declarations as above; comments `//` to the line's end, strings `'…'` and `\`…\``: enough to test on. */
  async read(fileName: string, text: string): Promise<FileSyntax> {
    const spans: Array<[number, number, boolean]> = [];
    for (const match of text.matchAll(/\/\/[^\n]*|'[^'\n]*'|`[^`]*`/g))
      spans.push([match.index, match.index + match[0].length, match[0].startsWith('//')]);
    return { declarations: await this.declarations(fileName, text), literals: literalSpans(spans) };
  }

  async declarations(fileName: string, text: string): Promise<DeclarationFacts[]> {
    this.parsed.push(path.relative(ROOT, fileName));
    const lines = text.split('\n');
    const offsets = lines.map((_line, index) => lines.slice(0, index).join('\n').length + (index > 0 ? 1 : 0));
    const found: Array<DeclarationFacts & { level: number }> = [];
    lines.forEach((line, index) => {
      const top = /^(?:export )?(function|class|interface|const) (\w+)/.exec(line);
      const member = /^ {2}(\w+)\(/.exec(line);
      if (!top && !member) return;
      const level = top ? 0 : 1;
      const name = top ? top[2] : member![1];
      const kind = top
        ? { function: 'Function', class: 'Class', interface: 'Interface', const: 'Variable' }[top[1]]!
        : 'Method';
      let first = index;
      while (first > 0 && lines[first - 1].trim().startsWith('//')) first--;
      const container = level === 1 ? [...found].reverse().find((entry) => entry.level === 0)?.name : undefined;
      found.push({
        level,
        name,
        kind,
        ...(container !== undefined ? { container } : {}),
        position: { line: index + 1, character: line.indexOf(name) + 1 },
        start: offsets[first],
        end: text.length,
        startLine: first + 1,
        endLine: lines.length,
        signature: line.trim(),
        doc: lines.slice(first, index).join('\n'),
        comments: '',
        strings: '',
        identifiers: '',
      });
    });
    // Each ends before the next of its level (or an outer one) starts; its words are its own lines.
    return found.map(({ level, ...facts }, i) => {
      const next = found.slice(i + 1).find((other) => other.level <= level);
      const nested = found.slice(i + 1).find((other) => other.level > level && (!next || other.start < next.start));
      const end = next ? next.start - 1 : text.length;
      const ownEnd = nested ? nested.start : end;
      const own = text.slice(offsets[facts.position.line - 1] + (lines[facts.position.line - 1]?.length ?? 0), ownEnd);
      return {
        ...facts,
        end,
        endLine: next ? next.startLine - 1 : lines.length,
        strings: [...own.matchAll(/'([^']*)'/g)].map((match) => match[1]).join(' '),
        identifiers:
          own
            .replace(/'[^']*'/g, ' ')
            .match(/[A-Za-z_$][\w$]*/g)
            ?.join(' ') ?? '',
      };
    });
  }
}

/** A timer the test decides: `sleep` resolves only when the test says so (or never). */
export class FakeTimer {
  private waiting: Array<() => void> = [];

  sleep = (_ms: number): Promise<void> =>
    new Promise((resolve) => {
      this.waiting.push(resolve);
    });

  expire(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** A declaration with the texts the index ranks it by (none, unless `fields` gives them). */
export function fact(name: string, fields: Partial<DeclarationFacts> = {}): DeclarationFacts {
  return {
    name,
    kind: 'Function',
    position: { line: 1, character: 1 },
    start: 0,
    end: 10,
    startLine: 1,
    endLine: 1,
    signature: '',
    doc: '',
    comments: '',
    strings: '',
    identifiers: '',
    ...fields,
  };
}
