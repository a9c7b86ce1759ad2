import { z } from "zod";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";

/** The module's id: its key in the campaign's and the Protagonist's `extras`. */
export const CRAFTING_ID = "crafting";

const projectSchema = z.object({
  name: z.string().min(1),
  /** The skill's name as the sheet has it. */
  skill: z.string().min(1),
  complexity: z.number().int().min(1),
  progress: z.number().int().min(0),
  done: z.boolean(),
});
const craftingStateSchema = z.object({ projects: z.array(projectSchema).default([]) });

export type Project = z.infer<typeof projectSchema>;
export type CraftingState = z.infer<typeof craftingStateSchema>;

/** The Protagonist's projects (none when the module never ran for them). */
export function craftingStateOf(protagonist: ProtagonistSnapshot): CraftingState {
  const parsed = craftingStateSchema.safeParse(protagonist.extras?.[CRAFTING_ID] ?? {});
  return parsed.success ? parsed.data : { projects: [] };
}

export function withCraftingState(
  protagonist: ProtagonistSnapshot,
  state: CraftingState,
): ProtagonistSnapshot {
  return { ...protagonist, extras: { ...protagonist.extras, [CRAFTING_ID]: state } };
}

/** The project named so, whatever the case. */
export function projectIndex(state: CraftingState, name: string): number {
  const wanted = name.trim().toLowerCase();
  return state.projects.findIndex((p) => p.name.toLowerCase() === wanted);
}
