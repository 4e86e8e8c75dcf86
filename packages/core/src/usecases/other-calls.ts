import type { OtherCallee, OtherCalls, OtherDeclaration } from '@cn/protocol';
import type { CallShape } from '../domain/call-shape.js';

/** Callees listed, and the places listed under each; the rest are counted. */
const MAX_CALLEES = 10;
const MAX_PLACES = 5;

/** What a call was found to go to: a declaration (as `otherMatches` lists them), or nothing the engine names. */
export type CallOwner = Omit<OtherDeclaration, 'count'> | 'other' | 'not resolved';

/**
 * The bare calls of a word that are no reference of the answer, by what each calls: agents asked for the calls of one
 * `raw` among several grepped `(^|[^.\w])raw\(` and read each hit's imports to see whose it was; this says it.
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
