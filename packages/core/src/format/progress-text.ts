import type { LoadingProgress } from '@cn/protocol';

/** `loading projects 3/12 (4,210 source files)`: the phase in words, as the progress line and cn status say it. */
export function describeProgress(progress: LoadingProgress): string {
  const files = progress.sourceFiles > 0 ? ` (${progress.sourceFiles.toLocaleString('en-US')} source files)` : '';
  if (progress.phase === 'starting') return `starting the language server${files}`;
  if (progress.phase === 'discovering') return `finding tsconfig/jsconfig projects${files}`;
  return `loading projects ${progress.projectsLoaded}/${progress.projectsTotal}${files}`;
}
