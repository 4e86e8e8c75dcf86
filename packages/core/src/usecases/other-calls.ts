import type { OtherCallee, OtherCalls, OtherDeclaration } from '@cn/protocol';
import { isCallShaped, type CallShape } from '../domain/call-shape.js';
import type { Position } from '../domain/location.js';
import { positionAt } from '../domain/source-text.js';
import type { FileOccurrences } from './word-occurrences.js';

/** Callees listed, and the places listed under each; the rest are counted. */
const MAX_CALLEES = 10;
const MAX_PLACES = 5;

/** What a call was found to go to: a declaration (as `otherMatches` lists them), or nothing the engine names. */
export type CallOwner = Omit<OtherDeclaration, 'count'> | 'other' | 'not resolved';

/**
 * The calls of a word (in the answer's call shape) that are no reference of the answer, by what each calls: agents
 * asked for the calls of one `raw` among several grepped `(^|[^.\w])raw\(` and read each hit's imports to see whose
 * it was; this says it.
 */
export class OtherCallsTally {
  constructor(readonly shape: CallShape) {}

  private readonly callees = new Map<string, OtherCallee>();
  private other = 0;
  private unresolved = 0;

  /** A call (its id) and what it calls; one owner's calls are grouped by its declaration's id. */
  note(placeId: string, owner: CallOwner): void {
    if (owner === 'other') this.other++;
    else if (owner === 'not resolved') this.unresolved++;
    else {
      const callee = this.callees.get(owner.id) ?? { ...owner, count: 0, places: [] };
      callee.count++;
      callee.places.push(placeId);
      this.callees.set(owner.id, callee);
    }
  }

  summary(): OtherCalls {
    const sorted = [...this.callees.values()].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));
    const rest = sorted.slice(MAX_CALLEES);
    const total = sorted.reduce((sum, callee) => sum + callee.count, 0) + this.other + this.unresolved;
    return {
      shape: this.shape,
      total,
      callees: sorted.slice(0, MAX_CALLEES).map((callee) => ({
        ...callee,
        places: [...callee.places].sort(byPlace).slice(0, MAX_PLACES),
      })),
      ...(rest.length > 0
        ? { moreCallees: { symbols: rest.length, count: rest.reduce((sum, callee) => sum + callee.count, 0) } }
        : {}),
      other: this.other,
      ...(this.unresolved > 0 ? { unresolved: this.unresolved } : {}),
    };
  }
}

/** Ids (`path::line::char`) in file order, then line, then column. */
function byPlace(a: string, b: string): number {
  const [fileA, lineA, charA] = a.split('::');
  const [fileB, lineB, charB] = b.split('::');
  return fileA.localeCompare(fileB) || Number(lineA) - Number(lineB) || Number(charA) - Number(charB);
}

/** How the answered symbol's own calls are written (its kind unknown: asked by id): after a dot mostly, or not. */
export function shapeOfOwnCalls(
  word: string,
  occurrences: FileOccurrences[],
  referenced: (filePath: string, position: Position) => boolean,
): CallShape {
  let member = 0;
  let bare = 0;
  for (const { filePath, text, offsets } of occurrences)
    for (const offset of offsets) {
      if (!referenced(filePath, positionAt(text.lineStarts, offset))) continue;
      if (isCallShaped(text.text, offset, word.length, 'member')) member++;
      else if (isCallShaped(text.text, offset, word.length, 'bare')) bare++;
    }
  return member > bare ? 'member' : 'bare';
}
