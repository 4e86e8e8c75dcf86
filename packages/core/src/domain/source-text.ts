/** A file's text split once into lines, for previews and line-range checks. */
export class SourceText {
  readonly lines: string[];

  constructor(readonly text: string) {
    this.lines = text.split(/\r?\n/);
    // A trailing newline does not make another line a user can point at.
    if (this.lines.length > 1 && this.lines[this.lines.length - 1] === '') this.lines.pop();
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** 1-based; undefined past the end. */
  line(line: number): string | undefined {
    return this.lines[line - 1];
  }

  preview(line: number): string {
    return clipPreview((this.line(line) ?? '').trim());
  }

  slice(startLine: number, endLine: number): string {
    return this.lines.slice(startLine - 1, endLine).join('\n');
  }
}

export const PREVIEW_MAX = 100;

export function clipPreview(text: string): string {
  return text.length > PREVIEW_MAX ? text.slice(0, PREVIEW_MAX) : text;
}
