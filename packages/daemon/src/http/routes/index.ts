import type { Route } from '../route-deps.js';
import { findRoute } from './find.js';
import { inspectRoute } from './inspect.js';
import { lifecycleRoutes } from './lifecycle.js';
import { mapRoute } from './map.js';

/** Every route the daemon serves; a new command adds its file here. */
export const ROUTES: Route[] = [lifecycleRoutes, mapRoute, findRoute, inspectRoute];
