import { parentPort, workerData } from 'node:worker_threads';
import { discoverProjects } from './project-discovery.js';
import type { SourceTree } from './source-tree.js';

// Runs in a worker thread: parsing configs needs the TypeScript compiler API (~100 MB of heap and
// a noticeable load time), which the daemon should neither wait for nor keep.
const { root, maxLooseFiles, tree } = workerData as { root: string; maxLooseFiles: number; tree: SourceTree };
parentPort!.postMessage(discoverProjects(root, maxLooseFiles, tree));
