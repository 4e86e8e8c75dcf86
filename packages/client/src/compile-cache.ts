// Its own entry point (`@cn/client/compile-cache`): the `cn` launcher runs the CLI's bundle through the code cache
// before any of the client loads. The cache is one of the files cn keeps per user (packages/local-files).
export { compileCacheDirectory, runBundleWithCompileCache } from '@cn/local-files/compile-cache';
