import { z } from "zod";
import type { ExtraEventKind } from "../module.js";

/**
 * The events Training and Talents logs, each with its typed payload (the event's `input` and its
 * fact: the module's presentation words it when the log is read).
 */

export const trainingSessionPayload = z.object({
  protagonist: z.string(),
  skill: z.string(),
  sessions: z.number().int().min(1),
  ratingBefore: z.number().int(),
  ratingAfter: z.number().int(),
  sessionsAfter: z.number().int(),
});

export const talentCheckPayload = z.object({
  protagonist: z.string(),
  skill: z.string(),
  talent: z.string(),
  roll: z.number().int().min(1).max(100),
  target: z.number().int(),
  success: z.boolean(),
  /** Whether the talent waits for a GM (only on a success). */
  awaitsGm: z.boolean(),
});

export const talentApprovePayload = z.object({
  protagonist: z.string(),
  talent: z.string(),
  /** The name the GM gave it, when not the player's. */
  renamedTo: z.string().nullable(),
});

export type TrainingSessionPayload = z.infer<typeof trainingSessionPayload>;
export type TalentCheckPayload = z.infer<typeof talentCheckPayload>;
export type TalentApprovePayload = z.infer<typeof talentApprovePayload>;

export const TRAINING_EVENTS = {
  session: { kind: "training-session", version: 1, payload: trainingSessionPayload, roll: false },
  talentCheck: {
    kind: "training-talent-check",
    version: 1,
    payload: talentCheckPayload,
    roll: true,
  },
  talentApprove: {
    kind: "training-talent-approve",
    version: 1,
    payload: talentApprovePayload,
    roll: false,
  },
} as const satisfies Record<string, ExtraEventKind>;
