import { CnError, MissingPath } from '../domain/errors.js';
import type { Position } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { SourceFiles } from '../ports/source-files.js';

/**
 * Files listed, then deleted or rewritten before cn was done with them (an agent's refactoring, a branch switch): a
 * directory's or the project's answer skips them and says which; a file named alone is still an error (it is what was
 * asked about).
 */
export class DeletedFiles {
  private readonly files = new Set<string>();

  constructor(private readonly checkedAlone: boolean) {}

  /** Whether `error`, met while working on `filePath`, says the file is gone and the answer goes on without it. */
  skips(filePath: string, error: unknown): boolean {
    if (this.checkedAlone || !(error instanceof MissingPath)) return false;
    this.files.add(filePath);
    return true;
  }

  /**
   * `skips`, and also an engine failure at a declaration whose file no longer holds its name there: the file was
   * rewritten after its outline was taken (tsserver asserted, "Debug Failure. False expression", on a place past a
   * rewritten file's end while files churned). A failure on a file that still reads as outlined is the engine's own
   * and stands.
   */
  async skipsRewritten(
    files: SourceFiles,
    filePath: string,
    name: string,
    at: Position,
    error: unknown,
  ): Promise<boolean> {
    if (this.skips(filePath, error)) return true;
    if (this.checkedAlone || !(error instanceof CnError)) return false;
    const text = await files.readSource(filePath).catch(() => undefined);
    if (text?.line(at.line)?.startsWith(name, at.character - 1) === true) return false;
    this.files.add(filePath);
    return true;
  }

  has(filePath: string): boolean {
    return this.files.has(filePath);
  }

  get size(): number {
    return this.files.size;
  }

  list(paths: ProjectPaths): string[] {
    return [...this.files].map((file) => paths.toRelative(file)).sort();
  }
}
