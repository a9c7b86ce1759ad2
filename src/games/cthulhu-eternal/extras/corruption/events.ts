import { z } from "zod";
import type { ExtraEventKind } from "../module.js";
import { ATTRIBUTES } from "./rules.js";

const attribute = z.enum(ATTRIBUTES);

export const corruptionPayload = z.object({
  protagonist: z.string(),
  attribute,
  amount: z.number().int(),
  /** The attribute's maximum (a stat: the stat) before and after. */
  before: z.number().int(),
  after: z.number().int(),
  lost: z.boolean(),
});

export type CorruptionPayload = z.infer<typeof corruptionPayload>;

export const CORRUPTION_EVENTS = {
  stat: { kind: "corruption-stat", version: 1, payload: corruptionPayload, roll: false },
  restore: { kind: "corruption-restore", version: 1, payload: corruptionPayload, roll: false },
} as const satisfies Record<string, ExtraEventKind>;
