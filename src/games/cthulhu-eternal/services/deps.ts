import type { Store } from "../store/store.js";
import type { Rng } from "../../../core/rng.js";
import type { ExtensionPoints } from "./extension-points.js";

/** What every service needs, wired by hand in the composition root. */
export interface ServiceDeps {
  store: Store;
  rng: Rng;
  /** What the campaign modules add to the core (none when absent). */
  extensions?: ExtensionPoints;
}
