import type { OtherDeclaration } from '@cn/protocol';
import { plural } from '../format/notes.js';

/** What one occurrence is, as the files line says it: a symbol's name and kind, or the kind of text it is in. */
export type HitLabel =
  | 'comment'
  | 'string'
  | 'module path'
  | 'other'
  | 'not resolved'
  | Pick<OtherDeclaration, 'name' | 'container' | 'kind'>;

/** Labels said per file, the most frequent first. */
const LABELS_PER_FILE = 3;

/**
 * What each file `rg -lw Name` would add (every occurrence of the word there is no reference) holds, so the files line
 * says why each is not listed: `src/adapter/aws-lambda/handler.ts (Method EventProcessor.getPath ×3)`. Agents given
 * the bare file names re-ran `rg -nw` over them to see.
 */
export class OtherFileHits {
  private readonly files = new Map<string, Map<string, number>>();

  /** A file whose every occurrence is no reference (absolute path). */
  watch(filePath: string): void {
    this.files.set(filePath, new Map());
  }

  note(filePath: string, label: HitLabel): void {
    const labels = this.files.get(filePath);
    if (!labels) return;
    const key = typeof label === 'string' ? label : symbolLabel(label);
    labels.set(key, (labels.get(key) ?? 0) + 1);
  }

  /** `Method EventProcessor.getPath ×3, 2 comments` for a watched file. */
  describe(filePath: string): string {
    const labels = [...(this.files.get(filePath) ?? [])].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const said = labels.slice(0, LABELS_PER_FILE).map(([label, count]) => {
      if (label === 'comment' || label === 'string' || label === 'module path') return plural(count, label);
      if (label === 'other' || label === 'not resolved') return `${count} ${label}`;
      return `${label} ×${count}`;
    });
    const rest = labels.slice(LABELS_PER_FILE).reduce((sum, [, count]) => sum + count, 0);
    return [...said, ...(rest > 0 ? [`${rest} more`] : [])].join(', ');
  }
}

function symbolLabel({ name, container, kind }: Pick<OtherDeclaration, 'name' | 'container' | 'kind'>): string {
  return `${kind} ${container !== undefined ? `${container}.` : ''}${name}`;
}
