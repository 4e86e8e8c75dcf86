import type { Route } from '../route-deps.js';
import { callsRoute } from './calls.js';
import { depsRoute } from './deps.js';
import { diagnosticsRoute } from './diagnostics.js';
import { implRoute } from './impl.js';
import { typeRoute } from './type.js';
import { findRoute } from './find.js';
import { inspectRoute } from './inspect.js';
import { lifecycleRoutes } from './lifecycle.js';
import { mapRoute } from './map.js';
import { overviewRoute } from './overview.js';
import { unusedRoute } from './unused.js';

/** Every route the daemon serves; a new command adds its file here. */
export const ROUTES: Route[] = [lifecycleRoutes, mapRoute, findRoute, inspectRoute, overviewRoute, callsRoute, implRoute, typeRoute, depsRoute, diagnosticsRoute, unusedRoute];
