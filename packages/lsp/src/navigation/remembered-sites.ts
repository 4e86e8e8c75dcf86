import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Position, ReferenceSite } from '@cn/core';
import {
  loadSavedSites,
  placeKey,
  saveSites,
  type SavedFileSites,
  type SavedSitesPlace,
} from './saved-reference-sites.js';

/**
 * Texts whose sites are remembered, in characters. The texts are the ones the daemon's text cache holds (the
 * same strings), so this costs the small per-site answers, not another copy of the files.
 */
const REMEMBERED_CHARACTERS = 16 * 1024 * 1024;
/** Sites written for the next daemon, at most: the files asked about last come first. */
const MAX_SAVED_SITES = 200_000;

interface FileSites extends SavedFileSites {
  text: string;
}

/**
 * What each reference's syntax said, per file text: a warm `cn find` asks about the same hundred files again, and
 * parsing them was three quarters of its time in the daemon. A text is known by its hash as well, so what one daemon
 * read outlives it (`reference-sites.json` in the root's private state directory, `place`): the next one's first
 * `cn find` parses only the files that changed (rxjs's Observable: ~200 files, a quarter of a cold find's time).
 */
export class RememberedSites {
  private readonly files = new LRUCache<string, FileSites>({
    maxSize: REMEMBERED_CHARACTERS,
    sizeCalculation: (entry) => Math.max(1, entry.text.length),
  });
  private saved: Map<string, SavedFileSites> | undefined;
  private changed = false;

  constructor(
    private readonly place?: SavedSitesPlace,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /**
   * The answers known for these places of the file's text (undefined where none is), and a way to record the rest.
   */
  known(fileName: string, text: string, positions: readonly Position[]): Array<ReferenceSite | undefined> {
    const entry = this.entryFor(fileName, text);
    return positions.map((position) => entry.sites.get(placeKey(position)));
  }

  remember(fileName: string, text: string, positions: readonly Position[], sites: readonly ReferenceSite[]): void {
    const entry = this.entryFor(fileName, text);
    positions.forEach((position, index) => entry.sites.set(placeKey(position), sites[index]));
    this.changed = true;
  }

  /** Reads what the daemon before saved, once (a start calls it while the engine loads; else the first question). */
  loadSaved(): void {
    if (this.saved || !this.place) return;
    const loaded = loadSavedSites(this.place);
    if ('unused' in loaded) {
      this.saved = new Map();
      if (loaded.unused !== 'none saved yet') this.log(`cn: saved reference sites not used: ${loaded.unused}`);
      return;
    }
    this.saved = loaded;
    this.log(`cn: saved reference sites read for ${loaded.size} files`);
  }

  /** Writes what is known for the next daemon: the files asked about last first, then those saved and not asked. */
  save(): void {
    if (!this.place || !this.changed) return;
    const kept = new Map<string, SavedFileSites>();
    let count = 0;
    const keep = (filePath: string, sites: SavedFileSites) => {
      if (kept.has(filePath) || count + sites.sites.size > MAX_SAVED_SITES) return;
      kept.set(filePath, { hash: sites.hash, sites: sites.sites });
      count += sites.sites.size;
    };
    for (const [filePath, entry] of this.files.entries()) keep(filePath, entry);
    for (const [filePath, sites] of this.saved ?? []) keep(filePath, sites);
    try {
      saveSites(this.place, kept);
      this.changed = false;
    } catch (error) {
      this.log(`cn: the reference sites could not be saved: ${(error as Error).message}`);
    }
  }

  /** The file's entry for this text: the same string is known at once; another is known by its hash. */
  private entryFor(fileName: string, text: string): FileSites {
    const known = this.files.get(fileName);
    if (known?.text === text) return known;
    const hash = createHash('sha256').update(text).digest('base64');
    if (known?.hash === hash) {
      const same = { ...known, text };
      this.files.set(fileName, same);
      return same;
    }
    this.loadSaved();
    const saved = this.saved?.get(fileName);
    this.saved?.delete(fileName);
    const sites = saved?.hash === hash ? saved.sites : new Map<string, ReferenceSite>();
    const entry: FileSites = { text, hash, sites };
    this.files.set(fileName, entry);
    return entry;
  }
}
