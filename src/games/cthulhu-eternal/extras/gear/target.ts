import type { Actor } from "../../../../core/access/actor.js";
import { writeTarget } from "../../services/protagonist-target.js";
import type { StoreTx } from "../../store/store.js";
import { assertExtraOn } from "../extras-service.js";
import type { ExtraModule } from "../module.js";
import { gearOf } from "./state.js";

/** The Protagonist a gear command changes (its player or a GM), with its gear. */
export async function armedTarget(
  tx: StoreTx,
  actor: Actor,
  module: ExtraModule,
  protagonistId?: string | null,
) {
  const found = await writeTarget(tx, actor, protagonistId);
  assertExtraOn(module, found.campaign);
  return { ...found, gear: gearOf(found.protagonist) };
}
