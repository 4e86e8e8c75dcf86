// cn's version is the repository's (the root package.json). esbuild inlines it into the CLI's bundle;
// node reads the copy tsc puts at dist/package.json. A literal here would drift from the release.
import packageJson from '../../../package.json' with { type: 'json' };

/** As the port file, `cn --version`, /status and the MCP server report it. */
export const CN_VERSION: string = packageJson.version;
