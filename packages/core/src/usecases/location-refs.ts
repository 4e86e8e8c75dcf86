import { formatLocationId } from '../domain/ids.js';
import type { LocationRef, Position } from '../domain/location.js';
import { ProjectPaths } from '../domain/project-paths.js';
import { SourceText } from '../domain/source-text.js';
import type { SourceFiles } from '../ports/source-files.js';

interface FileView {
  /** Undefined when the file may not be read (outside the root, too large, gone). */
  text: SourceText | undefined;
  outsideRoot: boolean;
}

/**
 * Builds LocationRefs, reading each file once per request (hundreds of references usually live in a
 * few dozen files). Every preview and snippet of an answer comes through here, so this is where a
 * place outside the root is marked and kept free of text.
 */
export class LocationRefBuilder {
  private readonly views = new Map<string, Promise<FileView>>();
  private readonly texts = new Map<string, Promise<SourceText | undefined>>();

  constructor(
    private readonly files: SourceFiles,
    private readonly paths: ProjectPaths,
  ) {}

  /** The same promise for every ask of a file: a find asks for each of its thousand files' text several times. */
  text(filePath: string): Promise<SourceText | undefined> {
    let text = this.texts.get(filePath);
    if (!text) {
      text = this.view(filePath).then((view) => view.text);
      this.texts.set(filePath, text);
    }
    return text;
  }

  /** See SourceFiles.mayContainAny: false only when the file surely holds none of `literals`. */
  mayContainAny(filePath: string, literals: readonly string[]): boolean {
    return this.files.mayContainAny(filePath, literals);
  }

  async ref(filePath: string, position: Position, kind: string): Promise<LocationRef> {
    const { preview, outsideRoot, ...where } = await this.place(filePath, position);
    return { ...where, kind, preview, ...(outsideRoot ? { outsideRoot } : {}) };
  }

  /** A place without a symbol kind: what a reference is before its role is known. */
  async place(filePath: string, position: Position): Promise<Omit<LocationRef, 'kind'>> {
    return (await this.placesIn(filePath))(position);
  }

  /**
   * The places of one file, its text read once: a find places thousands of references, and a promise and an async
   * call each were most of what describing typeorm's 2,172 references of DataSource allocated.
   */
  async placesIn(filePath: string): Promise<(position: Position) => Omit<LocationRef, 'kind'>> {
    const relative = this.paths.toRelative(filePath);
    const { text, outsideRoot } = await this.view(filePath);
    return (position) => ({
      id: formatLocationId(relative, position.line, position.character),
      filePath: relative,
      line: position.line,
      character: position.character,
      preview: text?.preview(position.line) ?? '',
      ...(outsideRoot ? { outsideRoot: true as const } : {}),
    });
  }

  private view(filePath: string): Promise<FileView> {
    let view = this.views.get(filePath);
    if (!view) {
      view = this.read(filePath);
      this.views.set(filePath, view);
    }
    return view;
  }

  private async read(filePath: string): Promise<FileView> {
    // The files port refuses text from outside the root, so a text read is inside it; only a file that could not be
    // read needs the (second) confinement check, to tell a place outside the root, which still gets an id.
    try {
      return { text: await this.files.readSource(filePath), outsideRoot: false };
    } catch {
      return { text: undefined, outsideRoot: !(await this.files.isInsideRoot(filePath)) };
    }
  }
}
