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

/** Every command of `cn`, in the order `cn --help` lists them; a new command adds its file here. */
export const COMMANDS: Array<(host: CommandHost) => void> = [
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
  registerLifecycle,
  registerMcp,
  registerSchema,
  registerGuide,
];
