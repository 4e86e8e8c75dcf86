import * as path from 'node:path';
import {
  isInside,
  literalSpans,
  type DeclarationFacts,
  type FileSyntax,
  type SavedFileSyntax,
  type SavedSyntax,
  type SavedSyntaxEntry,
} from '@cn/core';
import { readSavedBytes } from '@cn/local-files';
import { writeWhole } from '@cn/lsp';

const FORMAT = 2;
const LINE_FEED = 0x0a;
/** A saved syntax larger than this is not read (typeorm's: 7 MB). */
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
/** A file's syntax: its declarations, its literal spans as [start, end, isComment (1/0)] triples flattened. */
type SavedBody = [SavedDeclaration[], number[]];
/** Where a file's syntax is in the body: its stamp, and the body's bytes from `start`, `length` of them (UTF-8). */
type SavedPlace = [string, number, number];

/**
 * The search index's per-file syntax, kept in the root's private state directory between daemons
 * (`search-syntax.json`): a line of JSON that names each file's stamp and where its syntax is in the rest, then each
 * file's syntax as JSON of its own, parsed only when that file's is asked for (typeorm's 7 MB decoded and parsed whole
 * took ~0.4 s of a second start's first find, which needs a few files'). Written whole (an exclusive 0600 temp file,
 * renamed over), read only as a regular file of ours that cn wrote for this root with this build (`key`); an entry
 * that is not what cn writes is not used (that file is parsed again), a head that is not makes the whole unused. Never
 * in the project.
 */
export class SavedSyntaxFile implements SavedSyntax {
  constructor(
    private readonly file: string,
    private readonly root: string,
    /** cn's version and the build that writes it: what another build saved is not read. */
    private readonly key: string,
    private readonly log: (line: string) => void,
  ) {}

  async load(): Promise<Map<string, SavedSyntaxEntry>> {
    const found = this.read();
    if (typeof found === 'string') {
      this.log(`cn: saved search syntax not used: ${found}`);
      return new Map();
    }
    this.log(`cn: saved search syntax read for ${found.size} files`);
    return found;
  }

  async save(files: ReadonlyMap<string, SavedFileSyntax>): Promise<void> {
    const places: Record<string, SavedPlace> = {};
    const bodies: string[] = [];
    let length = 0;
    for (const [filePath, { stamp, syntax }] of files) {
      const { offsets, comments } = syntax.literals;
      const literals: number[] = [];
      for (let index = 0; index < comments.length; index++)
        literals.push(offsets[index * 2], offsets[index * 2 + 1], comments[index]);
      const body = JSON.stringify([syntax.declarations.map(encode), literals] satisfies SavedBody);
      const bytes = Buffer.byteLength(body);
      places[path.relative(this.root, filePath)] = [stamp, length, bytes];
      bodies.push(body);
      length += bytes;
    }
    // JSON holds no raw line break: the first one ends the head.
    const head = JSON.stringify({ format: FORMAT, key: this.key, root: this.root, files: places });
    try {
      writeWhole(this.file, `${head}\n${bodies.join('')}`);
    } catch (error) {
      this.log(`cn: the search syntax could not be saved: ${(error as Error).message}`);
    }
  }

  /** The saved files by absolute path, or why none are used. */
  private read(): Map<string, SavedSyntaxEntry> | string {
    const read = readSavedBytes(this.file, MAX_SAVED_BYTES);
    if ('unused' in read) return read.unused;
    const bytes = read.bytes;
    const headEnd = bytes.indexOf(LINE_FEED);
    let saved: unknown;
    try {
      saved = JSON.parse(bytes.toString('utf8', 0, headEnd < 0 ? bytes.length : headEnd));
    } catch {
      return 'not JSON';
    }
    if (typeof saved !== 'object' || saved === null) return 'not what cn saved';
    const { format, key, root, files } = saved as Record<string, unknown>;
    if (format !== FORMAT || key !== this.key) return 'saved by another build of cn';
    if (root !== this.root) return 'saved for another root';
    if (headEnd < 0 || typeof files !== 'object' || files === null || Array.isArray(files)) return 'not what cn saved';
    const bodyStart = headEnd + 1;
    const result = new Map<string, SavedSyntaxEntry>();
    for (const [relative, place] of Object.entries(files)) {
      const filePath = path.resolve(this.root, relative);
      if (filePath === this.root || !isInside(this.root, filePath) || !isPlace(place, bytes.length - bodyStart))
        return 'not what cn saved';
      const [stamp, start, length] = place;
      result.set(filePath, new SavedSyntaxSlice(stamp, bytes, bodyStart + start, length));
    }
    return result;
  }
}

/**
 * One file's saved syntax: its part of the saved bytes, decoded and checked when first asked for (the whole file's
 * UTF-8 decoding alone took ~80 ms of typeorm's 7 MB). The bytes are let go once no entry needs them.
 */
class SavedSyntaxSlice implements SavedSyntaxEntry {
  private decoded: FileSyntax | null | undefined;

  constructor(
    readonly stamp: string,
    private bytes: Buffer | undefined,
    private readonly start: number,
    private readonly length: number,
  ) {}

  syntax(): FileSyntax | undefined {
    if (this.decoded === undefined) {
      const json = this.bytes?.toString('utf8', this.start, this.start + this.length);
      this.decoded = json === undefined ? null : decodeBody(json);
      this.bytes = undefined;
    }
    return this.decoded ?? undefined;
  }
}

function decodeBody(json: string): FileSyntax | null {
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isSavedBody(body)) return null;
  const [declarations, literals] = body;
  const triples: Array<[number, number, boolean]> = [];
  for (let index = 0; index < literals.length; index += 3)
    triples.push([literals[index], literals[index + 1], literals[index + 2] === 1]);
  return { declarations: declarations.map(decode), literals: literalSpans(triples) };
}

function isPlace(place: unknown, bodyLength: number): place is SavedPlace {
  if (!Array.isArray(place) || place.length !== 3 || !isString(place[0])) return false;
  const [, start, length] = place as [unknown, unknown, unknown];
  return isInt(start) && isInt(length) && start >= 0 && length >= 0 && start + length <= bodyLength;
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

function isSavedBody(body: unknown): body is SavedBody {
  if (!Array.isArray(body) || body.length !== 2) return false;
  const [declarations, literals] = body as [unknown, unknown];
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
