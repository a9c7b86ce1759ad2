import type { Store } from "../store/store.js";
import type { Rng } from "../../../core/rng.js";

/** What every service needs, wired by hand in the composition root. */
export interface ServiceDeps {
  store: Store;
  rng: Rng;
}
