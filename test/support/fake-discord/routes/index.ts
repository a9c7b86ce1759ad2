import type { Route } from "../route-types.js";
import { channelRoutes } from "./channels.js";
import { commandRoutes } from "./commands.js";
import type { RouteDeps } from "./deps.js";
import { interactionRoutes } from "./interactions.js";
import { metaRoutes } from "./meta.js";

export type { RouteDeps } from "./deps.js";

/** Every REST route the fake knows, in match order. */
export function createRoutes(deps: RouteDeps): Route[] {
  return [
    ...metaRoutes(deps),
    ...commandRoutes(deps),
    ...interactionRoutes(deps),
    ...channelRoutes(deps),
  ];
}
