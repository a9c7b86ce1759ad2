import { z } from "zod";
import type { ExtraSettingValues } from "../module.js";
import { DEFAULT_TALENT_SESSIONS } from "./rules.js";

/**
 * Training and Talents' campaign settings: what a GM types, what it takes, its default.
 * - `talent-sessions` (20, seed 002): sessions on one skill before a talent check.
 * - `talent-approval` (`gm`): a talent gained waits for a GM's `/train approve` (extras.md: "named by
 *   player and GM"); `player`: the player's name stands at once.
 */
export const TALENT_APPROVALS = ["gm", "player"] as const;
export type TalentApproval = (typeof TALENT_APPROVALS)[number];

export const TRAINING_SETTINGS = {
  talentSessions: {
    key: "talent-sessions",
    schema: z.coerce.number().int().min(1).max(100),
    defaultValue: DEFAULT_TALENT_SESSIONS,
  },
  talentApproval: {
    key: "talent-approval",
    schema: z.enum(TALENT_APPROVALS),
    defaultValue: "gm" satisfies TalentApproval,
  },
} as const;

export interface TrainingSettings {
  talentSessions: number;
  talentApproval: TalentApproval;
}

/** The module's settings, typed (the registry has filled every key with a valid value). */
export function readTrainingSettings(values: ExtraSettingValues): TrainingSettings {
  const { talentSessions, talentApproval } = TRAINING_SETTINGS;
  return {
    talentSessions: talentSessions.schema
      .catch(talentSessions.defaultValue)
      .parse(values[talentSessions.key]),
    talentApproval: talentApproval.schema
      .catch(talentApproval.defaultValue)
      .parse(values[talentApproval.key]),
  };
}
