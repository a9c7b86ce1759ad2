import { z } from "zod";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { UNTRAINED, type SkillTraining } from "./rules.js";

/** The module's id: its key in the campaign's and the Protagonist's `extras`. */
export const TRAINING_ID = "training";

/** What the module keeps on a Protagonist (`extras.training`), by skill id. */
const talentSchema = z.object({
  name: z.string(),
  /** The skill it grew from, as named when it was gained. */
  skill: z.string(),
  /** False while it waits for a GM (setting `talent-approval: gm`). */
  approved: z.boolean(),
});
const trainingStateSchema = z.object({
  skills: z
    .record(
      z.string(),
      z.object({ sessions: z.number().int().min(0), failedAt: z.number().int().nullable() }),
    )
    .default({}),
  talents: z.array(talentSchema).default([]),
});

export type Talent = z.infer<typeof talentSchema>;
export type TrainingState = z.infer<typeof trainingStateSchema>;

/** The Protagonist's training and talents (none yet when the module never ran for them). */
export function trainingStateOf(protagonist: ProtagonistSnapshot): TrainingState {
  const parsed = trainingStateSchema.safeParse(protagonist.extras?.[TRAINING_ID] ?? {});
  return parsed.success ? parsed.data : { skills: {}, talents: [] };
}

export function skillTraining(state: TrainingState, skillId: string): SkillTraining {
  return state.skills[skillId] ?? UNTRAINED;
}

/** The snapshot with this module's state replaced (other modules' kept). */
export function withTrainingState(
  protagonist: ProtagonistSnapshot,
  state: TrainingState,
): ProtagonistSnapshot {
  return { ...protagonist, extras: { ...protagonist.extras, [TRAINING_ID]: state } };
}

/** The state as an export carries it: each skill's training by the skill's name, not its id. */
export function exportedTraining(protagonist: ProtagonistSnapshot): unknown {
  const state = trainingStateOf(protagonist);
  const named = protagonist.skills.flatMap((skill) => {
    const training = state.skills[skill.id];
    return training ? [[skill.name, training] as const] : [];
  });
  return { ...state, skills: Object.fromEntries(named) };
}

/** An exported state on the new Protagonist: skills found again by name (others dropped). */
export function importedTraining(data: unknown, protagonist: ProtagonistSnapshot): unknown {
  const parsed = trainingStateSchema.safeParse(data);
  if (!parsed.success) return { skills: {}, talents: [] };
  const byName = new Map(protagonist.skills.map((s) => [s.name.toLowerCase(), s.id]));
  const skills = Object.entries(parsed.data.skills).flatMap(([name, training]) => {
    const id = byName.get(name.toLowerCase());
    return id ? [[id, training] as const] : [];
  });
  return { ...parsed.data, skills: Object.fromEntries(skills) };
}
