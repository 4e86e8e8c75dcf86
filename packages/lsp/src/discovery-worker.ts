import { discoverProjects } from './project-discovery.js';
import type { SourceTree } from './source-tree.js';

// Runs as a short-lived child process: parsing configs needs the TypeScript compiler API (~100 MB
// of heap and a noticeable load time), which the daemon should neither wait for nor keep — a
// worker thread's heap stays in the daemon's allocator after it ends; a process gives it back.
process.once('message', (request: { root: string; maxLooseFiles: number; tree: SourceTree }) => {
  process.send!(discoverProjects(request.root, request.maxLooseFiles, request.tree), () => process.exit(0));
});
