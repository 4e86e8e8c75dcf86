// The TypeScript compiler API for the daemon and the discovery process. It is loaded with require, from this one
// CommonJS module: an ES-module import of the CommonJS typescript.js first runs node's export scanner over its
// 9 MB, which took 1.25 s of CPU instead of 0.53 s (Node 20, 2-core VM) — on the path of a cold `cn find` twice
// (project discovery, reference roles). `import ts from './typescript-api.cjs'` gives the same value and types
// as `import ts from 'typescript'`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module, under verbatimModuleSyntax
import compileCache = require('@cn/local-files/compile-cache');

// Compiled from V8's code cache, not from its 9 MB of source, and put in require's cache, where the require below finds
// it: on a 2-core VM 0.47 s → 0.26 s of the daemon's one thread while the engine loads (docs/performance.md).
compileCache.requireWithCompileCache(require.resolve('typescript'), compileCache.compileCacheDirectory());
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the require is this module's reason to exist
import ts = require('typescript');
export = ts;
