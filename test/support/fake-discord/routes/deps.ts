import type { InteractionRegistry } from "../interactions.js";
import type { BodyContext } from "../message-body.js";
import type { ChangeNotifier } from "../notifier.js";
import type { FakeWorld } from "../world.js";

/** What route handlers may touch. */
export interface RouteDeps {
  world: FakeWorld;
  interactions: InteractionRegistry;
  notifier: ChangeNotifier;
  bodyContext: BodyContext;
  /** Resolved lazily: the port is only known once listening. */
  gatewayUrl: () => string;
  /** The shard count `GET /gateway/bot` recommends. */
  shardCount: () => number;
  maxConcurrency: () => number;
}
