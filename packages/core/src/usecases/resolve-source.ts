import { badInput } from '../domain/errors.js';
import { SOURCE_EXTENSIONS, isSourceFile } from '../domain/project-paths.js';
import type { SourceFiles } from '../ports/source-files.js';

/** Resolves a user-given file to an absolute path inside the root, refusing non-source files. */
export async function resolveSourceFile(files: SourceFiles, userPath: string): Promise<string> {
  if (userPath.trim() === '') throw badInput('empty file path', 'pass a file path relative to the project root');
  const filePath = await files.resolveInRoot(userPath);
  if (!isSourceFile(filePath)) {
    throw badInput(
      `not a TypeScript/JavaScript source file: ${userPath}`,
      `cn reads ${SOURCE_EXTENSIONS.join(' ')} files`,
    );
  }
  return filePath;
}
