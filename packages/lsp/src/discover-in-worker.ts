import { Worker } from 'node:worker_threads';
import type { ProjectLayout } from './project-discovery.js';
import type { SourceTree } from './source-tree.js';

// A worker runs JavaScript: when these sources run as TypeScript (the test runner), use the build.
const WORKER = import.meta.url.endsWith('.ts') ? new URL('../dist/discovery-worker.js', import.meta.url) : new URL('./discovery-worker.js', import.meta.url);

/** Finds the tsconfig/jsconfig projects and loose files in a short-lived worker thread. */
export function discoverInWorker(root: string, maxLooseFiles: number, tree: SourceTree): Promise<ProjectLayout> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { root, maxLooseFiles, tree } });
    worker.once('message', (layout: ProjectLayout) => {
      resolve(layout);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`project discovery stopped (exit code ${code})`)));
  });
}
