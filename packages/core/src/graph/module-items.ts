import type { CallHierarchyItem } from '../ports/navigation.js';

/** The name graphs give a file's top-level code, which calls things outside any named function. */
export const MODULE_NODE_NAME = '<module>';

/**
 * The call-hierarchy item of a file's top-level code. TypeScript answers for the whole file when
 * asked at its very first position, and names its top-level callers the same way.
 */
export function moduleItem(filePath: string): CallHierarchyItem {
  const start = { line: 1, character: 1 };
  return {
    name: MODULE_NODE_NAME,
    kind: 'Module',
    filePath,
    range: { start, end: start },
    selectionRange: { start, end: start },
  };
}

/** A caller that is a whole file (top-level code, callbacks there included), not a namespace or function. */
export function isModuleItem(item: CallHierarchyItem): boolean {
  const { start, end } = item.selectionRange;
  const atFileStart = start.line === 1 && start.character === 1 && end.line === 1 && end.character === 1;
  return (item.kind === 'File' || item.kind === 'Module') && atFileStart;
}

/** `src/app.ts` or `app.ts`, not a name: symbol names hold no `/` and do not end in a source extension. */
export function looksLikeFilePath(target: string): boolean {
  return /[\\/]/.test(target) || /\.(?:[cm]?[jt]sx?)$/.test(target);
}
