import { fork } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProjectLayout } from './project-layout.js';
import type { SourceTree } from './source-tree.js';

// The worker is built beside the module that forks it, with its extension: discovery-worker.js next to tsc's
// output, discovery-worker.cjs next to the daemon's bundle (scripts/bundle.mjs). The child runs JavaScript:
// when these sources run as TypeScript (the test runner), use tsc's build.
const WORKER = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('../dist/discovery-worker.js', import.meta.url)
    : new URL(`./discovery-worker${extname(import.meta.url)}`, import.meta.url),
);

/** Finds the tsconfig/jsconfig projects and loose files in a short-lived child process. */
export function discoverInWorker(root: string, maxLooseFiles: number, tree: SourceTree): Promise<ProjectLayout> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
    child.once('message', (layout) => resolve(layout as ProjectLayout));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`project discovery stopped (exit code ${code})`)));
    child.send({ root, maxLooseFiles, tree });
  });
}
