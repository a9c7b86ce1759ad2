import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import { STAT_NAMES, type StatName } from "../../rules/types.js";
import { assertGm } from "../../services/campaign-access.js";
import type { ServiceDeps } from "../../services/deps.js";
import { writeTarget } from "../../services/protagonist-target.js";
import { parseInput, recordId } from "../../services/validation.js";
import type { StoreTx } from "../../store/store.js";
import { assertExtraOn } from "../extras-service.js";
import { logSheetChange } from "../module-log.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import { CORRUPTION_EVENTS } from "./events.js";
import {
  ATTRIBUTES,
  corruptedMaxSan,
  corruptStat,
  restore,
  type Attribute,
  type CorruptibleSheet,
  type Corrupted,
} from "./rules.js";
import { CORRUPTION_ID, corruptedOfSheet, corruptibleOf, withCorruption } from "./state.js";

const target = { actor: actorSchema, protagonistId: recordId.nullish() };
const amount = z.number().int().min(1).max(99);
const statInput = z.object({ ...target, stat: z.enum(STAT_NAMES), amount });
const restoreInput = z.object({
  ...target,
  attribute: z.enum(ATTRIBUTES),
  amount,
});

export interface CorruptionOutcome {
  protagonist: { id: string; name: string };
  attribute: Attribute;
  amount: number;
  /** The attribute's maximum (a stat: the stat) before and after. */
  before: number;
  after: number;
  lost: boolean;
  eventId: number;
}

/** An attribute's maximum as corruption sees it: HP and WP max, Max SAN, or the stat. */
function maximumOf(sheet: CorruptibleSheet, corrupted: Corrupted, attribute: Attribute) {
  if (attribute === "HP") return sheet.hpMax;
  if (attribute === "WP") return sheet.wpMax;
  if (attribute === "SAN") return corruptedMaxSan(sheet, corrupted);
  return sheet.stats[attribute];
}

export function createCorruptionService({ store }: ServiceDeps, module: ExtraModule) {
  async function change(
    tx: StoreTx,
    actor: Actor,
    protagonistId: string | null | undefined,
    attribute: Attribute,
    apply: (sheet: CorruptibleSheet, corrupted: Corrupted) => ReturnType<typeof restore>,
    kind: typeof CORRUPTION_EVENTS.stat | typeof CORRUPTION_EVENTS.restore,
  ): Promise<CorruptionOutcome> {
    const { campaign, protagonist: before } = await writeTarget(tx, actor, protagonistId);
    assertExtraOn(module, campaign);
    if (kind === CORRUPTION_EVENTS.restore) await assertGm(tx, actor, campaign);
    const sheet = corruptibleOf(before);
    const corrupted = corruptedOfSheet(before);
    const result = apply(sheet, corrupted);
    if (result.amount === 0) {
      throw new ExtraRefusal(
        CORRUPTION_ID,
        kind === CORRUPTION_EVENTS.restore ? "nothing-to-restore" : "nothing-to-corrupt",
        {
          protagonist: before.name,
          attribute,
        },
      );
    }
    const outcome = {
      attribute,
      amount: result.amount,
      before: maximumOf(sheet, corrupted, attribute),
      after: maximumOf(result.sheet, result.corrupted, attribute),
      lost: result.lost,
    };
    const eventId = await logSheetChange(
      tx,
      actor,
      campaign,
      { kind, payload: { protagonist: before.name, ...outcome } },
      before,
      withCorruption(before, result),
    );
    return { protagonist: { id: before.id, name: before.name }, ...outcome, eventId };
  }

  return {
    /** A corrupting loss of a stat: the stat drops, and what derives from it follows. */
    async corruptStat(raw: {
      actor: Actor;
      protagonistId?: string | null;
      stat: StatName;
      amount: number;
    }): Promise<CorruptionOutcome> {
      const input = parseInput(statInput, raw);
      return store.transaction((tx) =>
        change(
          tx,
          input.actor,
          input.protagonistId,
          input.stat,
          (sheet, corrupted) => corruptStat(sheet, corrupted, input.stat, input.amount),
          CORRUPTION_EVENTS.stat,
        ),
      );
    },

    /** GM: gives back what corruption took of one attribute (a ritual, an artefact). */
    async restore(raw: {
      actor: Actor;
      protagonistId?: string | null;
      attribute: Attribute;
      amount: number;
    }): Promise<CorruptionOutcome> {
      const input = parseInput(restoreInput, raw);
      return store.transaction((tx) =>
        change(
          tx,
          input.actor,
          input.protagonistId,
          input.attribute,
          (sheet, corrupted) => restore(sheet, corrupted, input.attribute, input.amount),
          CORRUPTION_EVENTS.restore,
        ),
      );
    },
  };
}

export type CorruptionService = ReturnType<typeof createCorruptionService>;
