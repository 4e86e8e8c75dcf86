import * as path from 'node:path';
import { isInside, literalSpans, type DeclarationFacts, type SavedFileSyntax, type SavedSyntax } from '@cn/core';
import { readSavedState } from '@cn/local-files';
import { writeWhole } from '@cn/lsp';

const FORMAT = 1;
/** A saved syntax larger than this is not read (typeorm's: ~20 MB). */
const MAX_SAVED_BYTES = 512 * 1024 * 1024;

type SavedDeclaration = [
  string, // name
  string, // kind
  string | null, // container
  number, // line
  number, // character
  number, // start
  number, // end
  number, // startLine
  number, // endLine
  string, // signature
  string, // doc
  string, // comments
  string, // strings
  string, // identifiers
];
/** A file: its stamp, its declarations, its literal spans as [start, end, isComment (1/0)] triples flattened. */
type SavedEntry = [string, SavedDeclaration[], number[]];

/**
 * The search index's per-file syntax, kept in the root's private state directory between daemons
 * (`search-syntax.json`): written whole (an exclusive 0600 temp file, renamed over), read only as a regular file of
 * ours that cn wrote for this root with this build (`key`), every entry checked for its shape; anything else is
 * ignored and the files are read again. Never in the project.
 */
export class SavedSyntaxFile implements SavedSyntax {
  constructor(
    private readonly file: string,
    private readonly root: string,
    /** cn's version and the build that writes it: what another build saved is not read. */
    private readonly key: string,
    private readonly log: (line: string) => void,
  ) {}

  async load(): Promise<Map<string, SavedFileSyntax>> {
    const found = this.read();
    if (typeof found === 'string') {
      this.log(`cn: saved search syntax not used: ${found}`);
      return new Map();
    }
    this.log(`cn: saved search syntax read for ${found.size} files`);
    return found;
  }

  async save(files: ReadonlyMap<string, SavedFileSyntax>): Promise<void> {
    const entries: Record<string, SavedEntry> = {};
    for (const [filePath, { stamp, syntax }] of files) {
      const { offsets, comments } = syntax.literals;
      const literals: number[] = [];
      for (let index = 0; index < comments.length; index++)
        literals.push(offsets[index * 2], offsets[index * 2 + 1], comments[index]);
      entries[path.relative(this.root, filePath)] = [stamp, syntax.declarations.map(encode), literals];
    }
    try {
      writeWhole(this.file, JSON.stringify({ format: FORMAT, key: this.key, root: this.root, files: entries }));
    } catch (error) {
      this.log(`cn: the search syntax could not be saved: ${(error as Error).message}`);
    }
  }

  /** The saved files by absolute path, or why none are used. */
  private read(): Map<string, SavedFileSyntax> | string {
    const read = readSavedState(this.file, MAX_SAVED_BYTES);
    if ('unused' in read) return read.unused;
    const saved = read.json;
    if (typeof saved !== 'object' || saved === null) return 'not what cn saved';
    const { format, key, root, files } = saved as Record<string, unknown>;
    if (format !== FORMAT || key !== this.key) return 'saved by another build of cn';
    if (root !== this.root) return 'saved for another root';
    if (typeof files !== 'object' || files === null || Array.isArray(files)) return 'not what cn saved';
    const result = new Map<string, SavedFileSyntax>();
    for (const [relative, entry] of Object.entries(files)) {
      const filePath = path.resolve(this.root, relative);
      if (filePath === this.root || !isInside(this.root, filePath) || !isSavedEntry(entry)) return 'not what cn saved';
      const [stamp, declarations, literals] = entry;
      const triples: Array<[number, number, boolean]> = [];
      for (let index = 0; index < literals.length; index += 3)
        triples.push([literals[index], literals[index + 1], literals[index + 2] === 1]);
      result.set(filePath, {
        stamp,
        syntax: { declarations: declarations.map(decode), literals: literalSpans(triples) },
      });
    }
    return result;
  }
}

function encode(facts: DeclarationFacts): SavedDeclaration {
  return [
    facts.name,
    facts.kind,
    facts.container ?? null,
    facts.position.line,
    facts.position.character,
    facts.start,
    facts.end,
    facts.startLine,
    facts.endLine,
    facts.signature,
    facts.doc,
    facts.comments,
    facts.strings,
    facts.identifiers,
  ];
}

function decode(saved: SavedDeclaration): DeclarationFacts {
  const [name, kind, container, line, character, start, end, startLine, endLine] = saved;
  const [signature, doc, comments, strings, identifiers] = saved.slice(9) as string[];
  return {
    name,
    kind,
    ...(container !== null ? { container } : {}),
    position: { line, character },
    start,
    end,
    startLine,
    endLine,
    signature,
    doc,
    comments,
    strings,
    identifiers,
  };
}

const isInt = (value: unknown): value is number => Number.isInteger(value);
const isString = (value: unknown): value is string => typeof value === 'string';

function isSavedEntry(entry: unknown): entry is SavedEntry {
  if (!Array.isArray(entry) || entry.length !== 3 || !isString(entry[0])) return false;
  const [, declarations, literals] = entry as [unknown, unknown, unknown];
  return (
    Array.isArray(declarations) &&
    declarations.every(
      (facts) =>
        Array.isArray(facts) &&
        facts.length === 14 &&
        isString(facts[0]) &&
        isString(facts[1]) &&
        (facts[2] === null || isString(facts[2])) &&
        facts.slice(3, 9).every(isInt) &&
        facts.slice(9).every(isString),
    ) &&
    Array.isArray(literals) &&
    literals.length % 3 === 0 &&
    literals.every((value, index) => isInt(value) && (index % 3 !== 2 || value === 0 || value === 1))
  );
}
