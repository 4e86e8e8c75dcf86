import type { BudgetReport } from '@cn/core';

/**
 * The lines every format ends with when an answer is not whole, so a reader (or agent) knows more
 * exists and how to get it. Nothing is printed for a whole answer.
 */
export function cutNotes(
  response: { truncated?: true; budget?: BudgetReport },
  shown: number,
  total: number,
  what: string,
): string[] {
  const notes: string[] = [];
  if (response.truncated && shown < total)
    notes.push(`… ${total - shown} more ${what} (raise --limit or --max-tokens)`);
  if (response.budget && response.budget.stage !== 'full') {
    notes.push(
      `budget: stage ${response.budget.stage}, ~${response.budget.tokens} of ${response.budget.maxTokens} tokens`,
    );
  }
  return notes;
}

/** `path:line:col` — what editors, terminals and `cn inspect` all accept. */
export function place(ref: { filePath: string; line: number; character: number }): string {
  return `${ref.filePath}:${ref.line}:${ref.character}`;
}

/** The preview a reader sees; a place outside the root has none, and says why. */
export function previewOf(ref: { preview?: string; outsideRoot?: true }): string | undefined {
  return ref.outsideRoot ? '(outside the project root)' : ref.preview;
}

export function groupByFile<T extends { filePath: string }>(items: T[]): Map<string, T[]> {
  const files = new Map<string, T[]>();
  for (const item of items) {
    const list = files.get(item.filePath) ?? [];
    list.push(item);
    files.set(item.filePath, list);
  }
  return files;
}

/** A snippet on one line, or indented under its line when it has several. */
export function snippetLines(snippet: string | undefined, indent: string): string[] {
  if (snippet === undefined || !snippet.includes('\n')) return [];
  return snippet.split('\n').map((line) => `${indent}${line}`);
}
