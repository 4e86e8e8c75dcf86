import { MissingPath } from '../domain/errors.js';
import type { ProjectPaths } from '../domain/project-paths.js';

/**
 * Files listed, then deleted before cn was done with them (an agent's refactoring, a branch switch): a directory's or
 * the project's answer skips them and says which; a file named alone is still an error (it is what was asked about).
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
