import path from 'node:path';
import { isInside, type AnonymousScope, type EnclosingDeclaration, type Position, type ReferenceSite } from '@cn/core';
import { REFERENCE_ROLES, type ReferenceRole } from '@cn/protocol';
import { readSavedState } from '@cn/local-files';
import { writeWhole } from '../regular-file.js';

/** Where the sites are kept (the root's private state directory) and what must have made them to be used. */
export interface SavedSitesPlace {
  file: string;
  root: string;
  /** cn's version and the stamp of its build (saved-name-index.ts, savedIndexKey): another build's are not read. */
  key: string;
}

/** One file's sites as read: the hash of the text they were read from, and each place's answer. */
export interface SavedFileSites {
  hash: string;
  sites: Map<string, ReferenceSite>;
}

const FORMAT = 1;
/** A saved file larger than this is not read. */
const MAX_SAVED_BYTES = 128 * 1024 * 1024;

/**
 * [line, character, role, enclosing, through]; enclosing: [name, kind, line, character, endLine, endCharacter,
 * container]; through: [kind, line] each.
 */
type SavedSite = [number, number, string, SavedEnclosing | null, Array<[string, number]> | null];
type SavedEnclosing = [string, string, number, number, number | null, number | null, string | null];
interface SavedShape {
  format: number;
  key: string;
  root: string;
  files: Record<string, [string, SavedSite[]]>;
}

const ROLES = new Set<string>(REFERENCE_ROLES);
const SCOPES = new Set<string>(['arrow', 'function', 'class']);

/** The key of a place in a file's sites. */
export function placeKey(position: Position): string {
  return `${position.line}:${position.character}`;
}

/** The sites saved for this root by this build, by absolute path, or why none are used (never trusted: re-read). */
export function loadSavedSites(place: SavedSitesPlace): Map<string, SavedFileSites> | { unused: string } {
  const read = readSavedState(place.file, MAX_SAVED_BYTES);
  if ('unused' in read) return read;
  const saved = read.json as Partial<SavedShape> | null;
  if (typeof saved !== 'object' || saved === null || typeof saved.files !== 'object' || saved.files === null)
    return { unused: 'not sites cn saved' };
  if (saved.format !== FORMAT || saved.key !== place.key) return { unused: 'saved by another build of cn' };
  if (saved.root !== place.root) return { unused: 'saved for another root' };
  const files = new Map<string, SavedFileSites>();
  for (const [relative, entry] of Object.entries(saved.files)) {
    const filePath = path.resolve(place.root, relative);
    const sites = filePath !== place.root && isInside(place.root, filePath) ? sitesOf(entry) : undefined;
    if (!sites) return { unused: 'not sites cn saved' };
    files.set(filePath, sites);
  }
  return files;
}

/** Writes the sites whole (regular-file.ts, writeWhole): a reader sees the old file or the new one. */
export function saveSites(place: SavedSitesPlace, files: Iterable<[string, SavedFileSites]>): void {
  const shape: SavedShape = { format: FORMAT, key: place.key, root: place.root, files: {} };
  for (const [filePath, { hash, sites }] of files) {
    // Only files under the root are read back (a linked package's would make the whole file unused).
    if (filePath === place.root || !isInside(place.root, filePath)) continue;
    const saved: SavedSite[] = [];
    for (const [key, site] of sites) {
      const [line, character] = key.split(':').map(Number);
      saved.push([line, character, site.role, enclosingOf(site.enclosing), throughOf(site.through)]);
    }
    shape.files[path.relative(place.root, filePath)] = [hash, saved];
  }
  writeWhole(place.file, JSON.stringify(shape));
}

function enclosingOf(enclosing: EnclosingDeclaration | undefined): SavedEnclosing | null {
  if (!enclosing) return null;
  const { name, kind, position, end, container } = enclosing;
  return [name, kind, position.line, position.character, end?.line ?? null, end?.character ?? null, container ?? null];
}

function throughOf(through: AnonymousScope[] | undefined): Array<[string, number]> | null {
  return through ? through.map(({ kind, line }) => [kind, line]) : null;
}

const isPlace = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

/** An entry's sites, or undefined when anything in it is not what saveSites writes. */
function sitesOf(entry: unknown): SavedFileSites | undefined {
  if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || !Array.isArray(entry[1]))
    return undefined;
  const sites = new Map<string, ReferenceSite>();
  for (const saved of entry[1] as unknown[]) {
    const site = siteOf(saved);
    if (!site) return undefined;
    sites.set(placeKey(site.at), site.site);
  }
  return { hash: entry[0], sites };
}

function siteOf(saved: unknown): { at: Position; site: ReferenceSite } | undefined {
  if (!Array.isArray(saved) || saved.length !== 5) return undefined;
  const [line, character, role, enclosing, through] = saved as unknown[];
  if (!isPlace(line) || !isPlace(character) || typeof role !== 'string' || !ROLES.has(role)) return undefined;
  const declaration = enclosing === null ? null : declarationOf(enclosing);
  const scopes = through === null ? null : scopesOf(through);
  if (declaration === undefined || scopes === undefined) return undefined;
  return {
    at: { line, character },
    site: {
      role: role as ReferenceRole,
      ...(declaration ? { enclosing: declaration } : {}),
      ...(scopes ? { through: scopes } : {}),
    },
  };
}

function declarationOf(value: unknown): EnclosingDeclaration | undefined {
  if (!Array.isArray(value) || value.length !== 7) return undefined;
  const [name, kind, line, character, endLine, endCharacter, container] = value as unknown[];
  if (typeof name !== 'string' || typeof kind !== 'string' || !isPlace(line) || !isPlace(character)) return undefined;
  if ((endLine === null) !== (endCharacter === null)) return undefined;
  if (endLine !== null && (!isPlace(endLine) || !isPlace(endCharacter))) return undefined;
  if (container !== null && typeof container !== 'string') return undefined;
  return {
    name,
    kind,
    position: { line, character },
    ...(endLine !== null ? { end: { line: endLine, character: endCharacter as number } } : {}),
    ...(container !== null ? { container } : {}),
  };
}

function scopesOf(value: unknown): AnonymousScope[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const scopes: AnonymousScope[] = [];
  for (const scope of value as unknown[]) {
    if (!Array.isArray(scope) || scope.length !== 2 || !SCOPES.has(scope[0] as string) || !isPlace(scope[1]))
      return undefined;
    scopes.push({ kind: scope[0] as AnonymousScope['kind'], line: scope[1] });
  }
  return scopes;
}
