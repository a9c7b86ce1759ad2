import { z } from "zod";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { moduleDataOf } from "../../services/campaign-module-data.js";

/** The module's id: its key in the campaign's and the Protagonist's `extras`. */
export const SUBSTANCES_ID = "substances";

export const MAX_SUBSTANCES = 50;
export const EFFECT_MAX = 200;

const substanceSchema = z.object({
  name: z.string().min(1),
  /** Taking it is easy when current HP is above this. */
  potency: z.number().int().min(0),
  beneficial: z.string(),
  harmful: z.string(),
  addictive: z.boolean(),
});
/** The campaign's catalogue, which GMs keep. */
export const catalogueSchema = z.object({ substances: z.array(substanceSchema).default([]) });

const dependencySchema = z.object({
  substance: z.string(),
  /** Taken again since the last daily test: no penalty for now (the dependency stays). */
  relieved: z.boolean(),
});
const substanceStateSchema = z.object({ dependencies: z.array(dependencySchema).default([]) });

export type Substance = z.infer<typeof substanceSchema>;
export type Catalogue = z.infer<typeof catalogueSchema>;
export type Dependency = z.infer<typeof dependencySchema>;
export type SubstanceState = z.infer<typeof substanceStateSchema>;

export function catalogueOf(campaignExtras: unknown): Catalogue {
  const parsed = catalogueSchema.safeParse(moduleDataOf(campaignExtras, SUBSTANCES_ID) ?? {});
  return parsed.success ? parsed.data : { substances: [] };
}

export function findSubstance(catalogue: Catalogue, name: string): Substance | undefined {
  const wanted = name.trim().toLowerCase();
  return catalogue.substances.find((s) => s.name.toLowerCase() === wanted);
}

export function substanceStateOf(protagonist: ProtagonistSnapshot): SubstanceState {
  const parsed = substanceStateSchema.safeParse(protagonist.extras?.[SUBSTANCES_ID] ?? {});
  return parsed.success ? parsed.data : { dependencies: [] };
}

export function withSubstanceState(
  protagonist: ProtagonistSnapshot,
  state: SubstanceState,
): ProtagonistSnapshot {
  return { ...protagonist, extras: { ...protagonist.extras, [SUBSTANCES_ID]: state } };
}
