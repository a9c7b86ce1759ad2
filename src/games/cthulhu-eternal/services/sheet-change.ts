import { z } from "zod";
import { STAT_NAMES } from "../rules/types.js";

/**
 * One change an edit made to a sheet, as data (the event's payload and the edit's answer); the
 * bot words it (presentation/sheet-change-text.ts).
 */
const score = z.number().int();
const name = z.string();

export const sheetChange = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("stat"), stat: z.enum(STAT_NAMES), before: score, after: score }),
  z.object({
    kind: z.literal("score"),
    score: z.enum(["hp", "wp", "san", "hp-max", "wp-max", "max-san"]),
    before: score,
    after: score,
  }),
  z.object({ kind: z.literal("skill"), skill: name, before: score, after: score }),
  z.object({ kind: z.literal("skill-added"), skill: name, rating: score }),
  /** An individual Bond following a drop in CHA. */
  z.object({
    kind: z.literal("bond-follows-cha"),
    bond: name,
    before: score,
    after: score,
    broke: z.boolean(),
    drop: score,
  }),
  z.object({
    kind: z.literal("resources"),
    before: score,
    after: score,
    atHand: score,
    stowed: score,
    storage: score,
    boxes: score,
  }),
  z.object({ kind: z.literal("resources-checked"), before: score, after: score }),
  z.object({ kind: z.literal("disorder-renamed"), disorder: name, to: name }),
  z.object({ kind: z.literal("disorder-cured"), disorder: name }),
  z.object({ kind: z.literal("disorder-erased"), disorder: name }),
  z.object({ kind: z.literal("disorder-added"), disorder: name }),
  z.object({ kind: z.literal("renamed"), before: name, after: name }),
  z.object({ kind: z.literal("notes") }),
  z.object({ kind: z.literal("status"), before: name, after: name }),
]);

export type SheetChange = z.infer<typeof sheetChange>;
