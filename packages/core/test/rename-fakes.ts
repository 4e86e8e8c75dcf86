import {
  conflict,
  type EngineRenameEdit,
  type FilesToEdit,
  type Position,
  type ProjectWriter,
  type RenameEngine,
  type RenamePreparation,
} from '../src/index.js';
import { ROOT, key, type FakeFiles } from './fakes.js';

/** The engine's rename, answered up front per position; records the files it was told were written. */
export class FakeRenaming implements RenameEngine {
  preparations: Record<string, RenamePreparation> = {};
  editsAt: Record<string, (newName: string) => EngineRenameEdit[]> = {};
  written: string[][] = [];

  async prepareRename(filePath: string, position: Position): Promise<RenamePreparation> {
    return this.preparations[key(filePath, position)] ?? { renameable: false, reason: 'nothing to rename there' };
  }
  async renameEdits(filePath: string, position: Position, newName: string): Promise<EngineRenameEdit[]> {
    return this.editsAt[key(filePath, position)]?.(newName) ?? [];
  }
  async filesWritten(filePaths: string[]): Promise<void> {
    this.written.push(filePaths);
  }
}

/** Writes into FakeFiles' texts, all or nothing; the fingerprint is the touched texts themselves. */
export class FakeWriter implements ProjectWriter {
  writes = 0;

  constructor(private readonly files: FakeFiles) {}

  async read(filePaths: string[]): Promise<FilesToEdit> {
    const texts = new Map(filePaths.map((filePath) => [filePath, this.files.files[relative(filePath)] ?? '']));
    return { texts, fingerprint: fingerprintOf(texts) };
  }
  async writeAll(files: { filePath: string; text: string }[], fingerprint: string): Promise<void> {
    const now = await this.read(files.map((file) => file.filePath));
    if (now.fingerprint !== fingerprint) throw conflict('changed while cn read it');
    for (const file of files) this.files.files[relative(file.filePath)] = file.text;
    this.writes += 1;
  }
}

const relative = (filePath: string) => filePath.slice(ROOT.length + 1);

function fingerprintOf(texts: Map<string, string>): string {
  // In path order, as the daemon's writer digests them: the files are read in one order and written in another.
  return `fake:${[...texts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([filePath, text]) => `${filePath}=${text}`)
    .join('|')}`;
}
