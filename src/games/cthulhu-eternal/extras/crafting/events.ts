import { z } from "zod";
import type { ExtraEventKind } from "../module.js";

const project = { protagonist: z.string(), project: z.string(), skill: z.string() };

export const craftingStartPayload = z.object({ ...project, complexity: z.number().int() });

export const craftingWorkPayload = z.object({
  ...project,
  roll: z.number().int().min(1).max(100),
  target: z.number().int(),
  outcome: z.enum(["critical-success", "success", "failure", "fumble"]),
  progressBefore: z.number().int(),
  progressAfter: z.number().int(),
  complexity: z.number().int(),
  done: z.boolean(),
});

export const craftingAbandonPayload = z.object({
  ...project,
  progress: z.number().int(),
  complexity: z.number().int(),
  /** A finished project put away, rather than work given up. */
  done: z.boolean(),
});

export type CraftingStartPayload = z.infer<typeof craftingStartPayload>;
export type CraftingWorkPayload = z.infer<typeof craftingWorkPayload>;
export type CraftingAbandonPayload = z.infer<typeof craftingAbandonPayload>;

export const CRAFTING_EVENTS = {
  start: { kind: "crafting-start", version: 1, payload: craftingStartPayload, roll: false },
  work: { kind: "crafting-work", version: 1, payload: craftingWorkPayload, roll: true },
  abandon: { kind: "crafting-abandon", version: 1, payload: craftingAbandonPayload, roll: false },
} as const satisfies Record<string, ExtraEventKind>;
