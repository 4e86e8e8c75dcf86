import { formatLocationId } from '../domain/ids.js';
import type { LocationRef, Position } from '../domain/location.js';
import { ProjectPaths } from '../domain/project-paths.js';
import { SourceText } from '../domain/source-text.js';
import type { SourceFiles } from '../ports/source-files.js';

/**
 * Builds LocationRefs, reading each file once per request (hundreds of references usually live in a
 * few dozen files).
 */
export class LocationRefBuilder {
  private readonly texts = new Map<string, Promise<SourceText | undefined>>();

  constructor(
    private readonly files: SourceFiles,
    private readonly paths: ProjectPaths,
  ) {}

  text(filePath: string): Promise<SourceText | undefined> {
    let text = this.texts.get(filePath);
    if (!text) {
      // A reference into a file we may not read (outside the root, too large) still gets an id.
      text = this.files.readText(filePath).then((content) => new SourceText(content), () => undefined);
      this.texts.set(filePath, text);
    }
    return text;
  }

  async ref(filePath: string, position: Position, kind: string): Promise<LocationRef> {
    const relative = this.paths.toRelative(filePath);
    const text = await this.text(filePath);
    return {
      id: formatLocationId(relative, position.line, position.character),
      filePath: relative,
      line: position.line,
      character: position.character,
      kind,
      preview: text?.preview(position.line) ?? '',
    };
  }
}
