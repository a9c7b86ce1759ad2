import { z } from "zod";
import type { ExtraEventKind } from "../module.js";

const testFacts = {
  protagonist: z.string(),
  roll: z.number().int().min(1).max(100),
  target: z.number().int(),
  outcome: z.enum(["critical-success", "success", "failure", "fumble"]),
};

export const substanceTakePayload = z.object({
  ...testFacts,
  substance: z.string(),
  effects: z.enum(["beneficial", "both", "harmful"]),
  becameDependent: z.boolean(),
});

export const substanceDailyPayload = z.object({
  ...testFacts,
  /** The dependencies the success cleared (none on a failure). */
  cleared: z.array(z.string()),
});

export const substanceCataloguePayload = z.object({
  substance: z.string(),
  potency: z.number().int(),
  addictive: z.boolean(),
});

export type SubstanceTakePayload = z.infer<typeof substanceTakePayload>;
export type SubstanceDailyPayload = z.infer<typeof substanceDailyPayload>;
export type SubstanceCataloguePayload = z.infer<typeof substanceCataloguePayload>;

export const SUBSTANCE_EVENTS = {
  take: { kind: "substances-take", version: 1, payload: substanceTakePayload, roll: true },
  daily: { kind: "substances-daily", version: 1, payload: substanceDailyPayload, roll: true },
  add: { kind: "substances-add", version: 1, payload: substanceCataloguePayload, roll: false },
  remove: {
    kind: "substances-remove",
    version: 1,
    payload: substanceCataloguePayload,
    roll: false,
  },
} as const satisfies Record<string, ExtraEventKind>;
