import type { CommandHost } from '../run.js';
import { registerFind } from './find.js';
import { registerInspect } from './inspect.js';
import { registerLifecycle } from './lifecycle.js';
import { registerMap } from './map.js';

/** Every command of `cn`, in the order `cn --help` lists them; a new command adds its file here. */
export const COMMANDS: Array<(host: CommandHost) => void> = [registerMap, registerFind, registerInspect, registerLifecycle];
