import { z } from "zod";
import { OPPOSED_BASES, PERCENTILE_OUTCOMES } from "../rules/percentile.js";
import { INSANITY_REACTIONS } from "../rules/sanity/index.js";
import { THREAT_TYPES } from "../rules/types.js";
import type { ResourceDifficulty, ResourceLocation } from "../rules/resources.js";
import type { ResourceQuality } from "../rules/resource-test.js";
import { sheetChange } from "./sheet-change.js";

/**
 * What each kind of event records, as data: a versioned zod schema per kind. The log stores the
 * payload and its version; `/history`, `/undo` and refusals word it at read time
 * (presentation/event-lines.ts). A change to a payload's shape is a new version: old events keep
 * theirs and fall back to their stored line when no longer understood.
 */

const name = z.string();
const score = z.number().int();
const outcome = z.enum(PERCENTILE_OUTCOMES);
const diceRoll = z.object({ expression: z.string(), total: z.number() });
const location = z.enum(["at-hand", "with-vehicle", "home"] as const satisfies ResourceLocation[]);
const difficulty = z.enum(["normal", "hard", "very-hard"] as const satisfies ResourceDifficulty[]);
const quality = z
  .enum(["best", "standard", "sub-standard"] as const satisfies ResourceQuality[])
  .nullable();
const onlyCampaign = z.object({ campaign: name });
const onlyProtagonist = z.object({ protagonist: name });
const pointsChange = z.object({
  protagonist: name,
  before: score,
  after: score,
  action: z.enum(["damage", "heal", "set"]),
  points: score,
  /** The dice rolled for the amount, if it was dice. */
  dice: diceRoll.nullable(),
  /** A corrupting loss's new maximum (absent on every other change: still version 1). */
  corruptedMax: z.object({ before: score, after: score }).optional(),
});
const bondScoreChange = z.object({
  protagonist: name,
  bond: name,
  before: score,
  after: score,
  amount: score,
});
const wpRecovery = z.object({ protagonist: name, before: score, after: score, roll: score });
const boxes = z.object({
  protagonist: name,
  boxes: score,
  before: score,
  after: score,
  of: score,
});
/** An event stored with its own line, kept by an undo that reverts it. */
const undoneFact = z.object({
  kind: z.string(),
  payloadVersion: z.number().int().nullable(),
  payload: z.unknown(),
  summary: z.string(),
});

const v1 = <T extends z.ZodType>(payload: T) => ({ version: 1, payload }) as const;

export const EVENT_FACTS = {
  roll: v1(diceRoll),
  test: v1(
    z.object({
      protagonist: name.nullable(),
      label: name,
      roll: score,
      target: score,
      outcome,
      versus: z
        .object({
          label: name.nullable(),
          roll: score,
          target: score,
          outcome,
          winner: z.enum(["a", "b", "none"]),
          basis: z.enum(OPPOSED_BASES),
        })
        .nullable(),
      marked: z.boolean(),
    }),
  ),
  "stat-roll": v1(z.object({ totals: z.array(score) })),
  "protagonist-create": v1(
    z.object({ protagonist: name, archetype: name, forUserId: z.string().nullable() }),
  ),
  "protagonist-import": v1(z.object({ protagonist: name, archetype: name })),
  "protagonist-select": v1(
    z.object({ protagonist: name, scope: z.enum(["channel", "campaign"]), campaign: name }),
  ),
  "protagonist-edit": v1(z.object({ protagonist: name, changes: z.array(sheetChange) })),
  "protagonist-retire": v1(onlyProtagonist),
  "session-end": v1(z.object({ session: score, campaign: name })),
  "campaign-create": v1(onlyCampaign),
  "campaign-settings": v1(onlyCampaign),
  "campaign-bind": v1(onlyCampaign),
  "gm-add": v1(z.object({ gm: z.enum(["user", "role"]), campaign: name })),
  "gm-remove": v1(z.object({ gm: z.enum(["user", "role"]), campaign: name })),
  "bond-add": v1(
    z.object({
      protagonist: name,
      bond: name,
      bondKind: z.enum(["individual", "community"]),
      score,
      fellow: z.boolean(),
    }),
  ),
  "bond-damage": v1(bondScoreChange.extend({ rolled: score.nullable(), broke: z.boolean() })),
  "bond-improve": v1(bondScoreChange.extend({ capped: z.boolean() })),
  "bond-destroy": v1(
    z.object({ protagonist: name, bond: name, score, why: z.string().nullable() }),
  ),
  "bond-erase": v1(z.object({ protagonist: name, bond: name })),
  hp: v1(pointsChange.extend({ died: z.boolean() })),
  wp: v1(pointsChange),
  lethality: v1(
    z.object({
      protagonist: name,
      rating: score,
      roll: score,
      lethal: z.boolean(),
      /** Damage rolled when not lethal. */
      damage: score.nullable(),
      before: score,
      after: score,
      died: z.boolean(),
    }),
  ),
  exhaust: v1(wpRecovery),
  rest: v1(wpRecovery),
  "resource-test": v1(
    z.object({
      protagonist: name,
      where: location,
      difficulty,
      roll: score,
      target: score,
      outcome,
      quality,
      checked: score,
      of: score,
    }),
  ),
  "resource-gain": v1(
    z.object({
      protagonist: name,
      success: z.boolean(),
      before: score,
      after: score,
      award: diceRoll.nullable(),
      roll: score,
      threshold: score,
    }),
  ),
  "resource-loss": v1(
    z.object({
      protagonist: name,
      before: score,
      after: score,
      amount: score,
      why: z.string().nullable(),
    }),
  ),
  "resource-replenish": v1(z.object({ protagonists: z.array(name) })),
  "resource-check": v1(boxes),
  "resource-uncheck": v1(boxes),
  "resource-pool": v1(
    z.object({
      protagonists: z.array(name),
      roll: score,
      target: score,
      outcome,
      quality,
      /** Who checks a box, on a success. */
      checks: name.nullable(),
    }),
  ),
  "san-recovery": v1(
    z.object({ protagonist: name, recovered: score, before: score, after: score }),
  ),
  "shared-adversity-test": v1(z.object({ protagonist: name, roll: score, target: score, outcome })),
  "shared-adversity": v1(
    z.object({
      protagonist: name,
      /** Each Bond the procedure changed: `before` null for a new one. */
      bonds: z.array(z.object({ bond: name, before: score.nullable(), after: score })),
    }),
  ),
  "will-test": v1(
    z.object({
      protagonist: name,
      notation: z.string(),
      outcome,
      lost: score,
      before: score,
      after: score,
      panicked: z.boolean(),
    }),
  ),
  "san-test": v1(
    z.object({
      protagonist: name,
      threat: z.enum(THREAT_TYPES),
      notation: z.string(),
      lost: score,
      before: score,
      after: score,
    }),
  ),
  "san-projection": v1(
    z.object({ protagonist: name, bond: name.nullable(), rolledLoss: score, loss: score }),
  ),
  repress: v1(z.object({ protagonist: name, repressed: z.boolean() })),
  "san-reaction": v1(z.object({ protagonist: name, reaction: z.enum(INSANITY_REACTIONS) })),
  "insanity-end": v1(onlyProtagonist),
  undo: v1(z.object({ eventId: score, undone: undoneFact })),
} as const;

export type FactKind = keyof typeof EVENT_FACTS;
export type FactPayload<K extends FactKind> = z.infer<(typeof EVENT_FACTS)[K]["payload"]>;

import type { EventFact } from "../store/records.js";

export type { EventFact };

/** A core kind's fact, typed against its schema. */
export function fact<K extends FactKind>(kind: K, payload: FactPayload<K>): EventFact {
  return { kind, payloadVersion: EVENT_FACTS[kind].version, payload };
}

export function isFactKind(kind: string): kind is FactKind {
  return Object.hasOwn(EVENT_FACTS, kind);
}

/** An event's fact as the log reads it: the payload (null on old events) and the stored line. */
export interface LoggedFact {
  readonly kind: string;
  readonly payloadVersion: number | null;
  readonly payload: unknown;
  /** The English line events logged before payloads kept (empty on newer ones). */
  readonly summary: string;
}

/** The columns a LoggedFact is read from. */
export const factFields = {
  kind: true,
  payload: true,
  payloadVersion: true,
  summary: true,
} as const;

export function loggedFact(row: {
  kind: string;
  payload: string | null;
  payloadVersion: number | null;
  summary: string;
}): LoggedFact {
  return {
    kind: row.kind,
    payloadVersion: row.payloadVersion,
    payload: row.payload === null ? null : (JSON.parse(row.payload) as unknown),
    summary: row.summary,
  };
}
