import { z } from "zod";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";

/** The module's id: its key in the campaign's and the Protagonist's `extras`. */
export const ADVANCEMENT_ID = "advancement";

/**
 * What the module keeps on a Protagonist (`extras.advancement`): how many downtime checks were
 * made in the downtime before session `beforeSession`. A downtime is identified by the session
 * it leads to: it lasts until a GM ends that session.
 */
const advancementStateSchema = z.object({
  beforeSession: z.number().int().min(1),
  checks: z.number().int().min(0),
});

export type AdvancementState = z.infer<typeof advancementStateSchema>;

/** The Protagonist's downtime checks (none yet when the module never ran for them). */
export function advancementStateOf(protagonist: ProtagonistSnapshot): AdvancementState | null {
  const parsed = advancementStateSchema.safeParse(protagonist.extras?.[ADVANCEMENT_ID]);
  return parsed.success ? parsed.data : null;
}

export function withAdvancementState(
  protagonist: ProtagonistSnapshot,
  state: AdvancementState,
): ProtagonistSnapshot {
  return { ...protagonist, extras: { ...protagonist.extras, [ADVANCEMENT_ID]: state } };
}
