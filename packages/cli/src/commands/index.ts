import type { CommandHost } from '../run.js';
import { registerCalls } from './calls.js';
import { registerDeps } from './deps.js';
import { registerDiagnostics } from './diagnostics.js';
import { registerImpact } from './impact.js';
import { registerImpl } from './impl.js';
import { registerType } from './type.js';
import { registerFind } from './find.js';
import { registerGrep } from './grep.js';
import { registerSearch } from './search.js';
import { registerGuide } from './guide.js';
import { registerInspect } from './inspect.js';
import { registerLifecycle } from './lifecycle.js';
import { registerMap } from './map.js';
import { registerOverview } from './overview.js';
import { registerMcp } from './mcp.js';
import { registerSchema } from './schema.js';
import { registerUnused } from './unused.js';
import { registerRename } from './rename.js';
import { registerCheck } from './check.js';

type Registration = (host: CommandHost) => void;

/** Every command of `cn`, in the order `cn --help` lists them; a new command adds its file here, and its name below. */
export const COMMANDS: Registration[] = [
  registerOverview,
  registerMap,
  registerFind,
  registerSearch,
  registerGrep,
  registerInspect,
  registerCalls,
  registerImpact,
  registerImpl,
  registerType,
  registerDeps,
  registerDiagnostics,
  registerUnused,
  registerRename,
  registerCheck,
  registerLifecycle,
  registerMcp,
  registerSchema,
  registerGuide,
];

/**
 * Which registration declares each command word (packages/cli/test/commands.test.ts holds it to COMMANDS): a
 * one-shot `cn <word> …` sets up that command alone. cac building every command's options cost each call 3–5 ms
 * (warm `cn search` on effect, 40 interleaved runs, 2026-11-27).
 */
export const REGISTRATION_OF: Readonly<Record<string, Registration>> = {
  overview: registerOverview,
  map: registerMap,
  find: registerFind,
  search: registerSearch,
  grep: registerGrep,
  inspect: registerInspect,
  calls: registerCalls,
  impact: registerImpact,
  impl: registerImpl,
  type: registerType,
  deps: registerDeps,
  diagnostics: registerDiagnostics,
  rename: registerRename,
  check: registerCheck,
  unused: registerUnused,
  start: registerLifecycle,
  stop: registerLifecycle,
  status: registerLifecycle,
  mcp: registerMcp,
  schema: registerSchema,
  guide: registerGuide,
};

/**
 * The registrations a command line needs: when its first word names a command and it asks for no help or version,
 * that command's alone; otherwise all of them (help lists every command, a mistyped one is reported against all).
 */
export function registrationsFor(args: readonly string[]): Registration[] {
  const word = args[0];
  const only = word !== undefined && Object.hasOwn(REGISTRATION_OF, word) ? REGISTRATION_OF[word] : undefined;
  const asksForAll = args.some((arg) => ['--help', '-h', '--version', '-v'].includes(arg));
  return only && !asksForAll ? [only] : COMMANDS;
}
