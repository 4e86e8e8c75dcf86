import { badInput } from '../domain/errors.js';
import { clip } from '../domain/ids.js';

/**
 * Glob matching in time linear in the path: the glob becomes a Thompson automaton and the path is
 * read once, keeping the set of states alive. A RegExp (ours, and picomatch's, measured) backtracks:
 * `a/**\/` × 10 or `*a` × 50 took the daemon's event loop for minutes. Work per path is at most
 * path length × automaton size, and the glob's length is capped, so every match is bounded.
 * Why not picomatch (issue 12 suggested it), measured on Node 20 against the path `a/` × 200 + `y`:
 * picomatch 4.0.7 took 4.9 s for `a/**\/` × 4 + `x` and 104 s for × 5 (each globstar multiplies
 * it by ~20); this automaton takes 1 ms for × 10 and 9 ms for × 20. `--in` comes from agents.
 *
 * Syntax: `*` any run of characters but `/`; `?` one character but `/`; `**\/` any number of
 * directories, none included; `**` elsewhere anything; `[a-z]`, `[!a-z]`, `[^a-z]` one character
 * but `/`; `{a,b{c,d}}` alternatives. Everything else stands for itself.
 */
export const MAX_GLOB_LENGTH = 512;

/** Reads one character. */
type Consuming =
  | { kind: 'char'; char: string; next?: State }
  | { kind: 'class'; negated: boolean; ranges: Array<[string, string]>; next?: State }
  | { kind: 'segment-char'; next?: State }
  | { kind: 'any-char'; next?: State };
type State = Consuming | { kind: 'split'; next?: State; other?: State } | { kind: 'match' };

/** A piece of automaton: where it starts, and the exits still to be joined to what follows. */
interface Fragment {
  start: State;
  exits: Array<(to: State) => void>;
}

export function compileGlob(glob: string): (path: string) => boolean {
  if (glob.length > MAX_GLOB_LENGTH)
    throw badInput(
      `glob too long (${glob.length} characters, at most ${MAX_GLOB_LENGTH})`,
      'name a directory, or a shorter pattern',
    );
  const body = new GlobParser(glob).alternatives(false);
  const match: State = { kind: 'match' };
  for (const exit of body.exits) exit(match);
  const automaton = new Automaton(body.start);
  return (path) => automaton.matches(path);
}

/** Sets of automaton states remembered with their transitions (a lazy DFA), up to a fixed count. */
const MAX_REMEMBERED_SETS = 2048;

interface StateSet {
  members: State[];
  accepts: boolean;
  /** By character; null when no state survives it. */
  after: Map<string, StateSet | null>;
}

class Automaton {
  private readonly ids = new Map<State, number>();
  private readonly remembered = new Map<string, StateSet>();
  private readonly start: StateSet;
  /** Per state id, the step in which it was last added: each state is visited once a step. */
  private marks: number[] = [];
  private step = 0;

  constructor(start: State) {
    this.start = this.setOf(this.closure([start]));
  }

  matches(path: string): boolean {
    let current: StateSet | null = this.start;
    // By UTF-16 unit, as the glob is read: `?` is one unit either way.
    for (let i = 0; i < path.length && current; i++) current = this.advance(current, path[i]);
    return current?.accepts ?? false;
  }

  private advance(from: StateSet, char: string): StateSet | null {
    const known = from.after.get(char);
    if (known !== undefined) return known;
    const survivors: State[] = [];
    for (const state of from.members) if (consumes(state, char)) survivors.push((state as { next: State }).next);
    const to = survivors.length === 0 ? null : this.setOf(this.closure(survivors));
    if (this.remembered.size < MAX_REMEMBERED_SETS) from.after.set(char, to);
    return to;
  }

  /** The consuming and final states reachable without reading a character, each once. */
  private closure(states: State[]): State[] {
    const step = ++this.step;
    const pending = [...states];
    const reached: State[] = [];
    while (pending.length > 0) {
      const state = pending.pop()!;
      const id = this.idOf(state);
      if (this.marks[id] === step) continue;
      this.marks[id] = step;
      if (state.kind === 'split') pending.push(state.other!, state.next!);
      else reached.push(state);
    }
    return reached;
  }

  private setOf(members: State[]): StateSet {
    const key = members
      .map((state) => this.idOf(state))
      .sort((a, b) => a - b)
      .join(',');
    const known = this.remembered.get(key);
    if (known) return known;
    const set: StateSet = { members, accepts: members.some((state) => state.kind === 'match'), after: new Map() };
    if (this.remembered.size < MAX_REMEMBERED_SETS) this.remembered.set(key, set);
    return set;
  }

  private idOf(state: State): number {
    let id = this.ids.get(state);
    if (id === undefined) this.ids.set(state, (id = this.ids.size));
    return id;
  }
}

function consumes(state: State, char: string): boolean {
  switch (state.kind) {
    case 'char':
      return state.char === char;
    case 'segment-char':
      return char !== '/';
    case 'any-char':
      return true;
    case 'class':
      return char !== '/' && state.ranges.some(([low, high]) => low <= char && char <= high) !== state.negated;
    default:
      return false;
  }
}

class GlobParser {
  private at = 0;
  constructor(private readonly glob: string) {}

  /** `a,b,c` up to the closing `}` (inside braces) or the end. */
  alternatives(insideBraces: boolean): Fragment {
    const options = [this.sequence(insideBraces)];
    while (insideBraces && this.glob[this.at] === ',') {
      this.at++;
      options.push(this.sequence(insideBraces));
    }
    if (insideBraces) {
      if (this.glob[this.at] !== '}') throw this.bad('{ is never closed');
      this.at++;
    }
    return options.reduceRight((rest, option) => {
      const split: State = { kind: 'split', next: option.start, other: rest.start };
      return { start: split, exits: [...option.exits, ...rest.exits] };
    });
  }

  private sequence(insideBraces: boolean): Fragment {
    const empty: State = { kind: 'split' };
    let fragment: Fragment = { start: empty, exits: [(to) => ((empty.next = to), (empty.other = to))] };
    while (this.at < this.glob.length) {
      const char = this.glob[this.at];
      if (insideBraces && (char === ',' || char === '}')) break;
      const item = this.item();
      for (const exit of fragment.exits) exit(item.start);
      fragment = { start: fragment.start, exits: item.exits };
    }
    return fragment;
  }

  private item(): Fragment {
    const char = this.glob[this.at++];
    if (char === '*') return this.stars();
    if (char === '?') return single({ kind: 'segment-char' });
    if (char === '[') return single(this.characterClass());
    if (char === '{') return this.alternatives(true);
    return single({ kind: 'char', char });
  }

  /**
   * `*`, or `**` (a run of three or more counts as `**`); `**\/` also takes the slash, so it may match no directory at
   * all.
   */
  private stars(): Fragment {
    let count = 1;
    for (; this.glob[this.at] === '*'; this.at++) count++;
    if (count === 1) return repeat({ kind: 'segment-char' });
    const anything = repeat({ kind: 'any-char' });
    if (this.glob[this.at] !== '/') return anything;
    this.at++;
    const slash: State = { kind: 'char', char: '/' };
    for (const exit of anything.exits) exit(slash);
    const skip: State = { kind: 'split', next: anything.start };
    return { start: skip, exits: [(to) => (skip.other = to), (to) => (slash.next = to)] };
  }

  /** After `[`: POSIX style, so a `]` right at the start is a member, not the end. */
  private characterClass(): Consuming {
    const negated = this.glob[this.at] === '!' || this.glob[this.at] === '^';
    if (negated) this.at++;
    const ranges: Array<[string, string]> = [];
    const start = this.at;
    while (this.at < this.glob.length && (this.glob[this.at] !== ']' || this.at === start)) {
      const low = this.glob[this.at++];
      if (this.glob[this.at] === '-' && this.at + 1 < this.glob.length && this.glob[this.at + 1] !== ']') {
        const high = this.glob[this.at + 1];
        if (high < low) throw this.bad(`the range ${low}-${high} runs backwards`);
        ranges.push([low, high]);
        this.at += 2;
      } else ranges.push([low, low]);
    }
    if (this.at >= this.glob.length) throw this.bad('[ is never closed');
    this.at++;
    return { kind: 'class', negated, ranges };
  }

  private bad(why: string) {
    return badInput(`bad glob '${clip(this.glob)}': ${why}`, 'globs take * ? ** [a-z] [!a-z] {a,b}');
  }
}

function single(state: Consuming): Fragment {
  return { start: state, exits: [(to) => (state.next = to)] };
}

/** Zero or more of one consuming state. */
function repeat(state: Consuming): Fragment {
  const loop: State = { kind: 'split', next: state };
  state.next = loop;
  return { start: loop, exits: [(to) => (loop.other = to)] };
}
