import { z } from "zod";
import type { ExtraEventKind } from "../module.js";

/** A downtime improvement check: the d100 and what the table may read of its skills. */
export const downtimeCheckPayload = z.object({
  protagonist: z.string(),
  /** The session the downtime leads to. */
  beforeSession: z.number().int(),
  roll: z.number().int().min(1).max(100),
  /** Skills whose mark the whole table saw: improved, or kept marked above the check. */
  improved: z.array(z.object({ skill: z.string(), before: z.number(), after: z.number() })),
  kept: z.array(z.string()),
});

export type DowntimeCheckPayload = z.infer<typeof downtimeCheckPayload>;

export const ADVANCEMENT_EVENTS = {
  check: { kind: "advancement-check", version: 1, payload: downtimeCheckPayload, roll: true },
} as const satisfies Record<string, ExtraEventKind>;
