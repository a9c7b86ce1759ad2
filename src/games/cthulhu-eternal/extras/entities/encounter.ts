import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import { assertGm, resolveCampaign } from "../../services/campaign-access.js";
import type { ServiceDeps } from "../../services/deps.js";
import { NO_EXTENSIONS } from "../../services/extension-points.js";
import {
  writeSanTest,
  writeWillTest,
  type SanTestOutcome,
  type WillTestOutcome,
} from "../../services/logged-tests.js";
import { assertActive, readTarget, type Target } from "../../services/protagonist-target.js";
import { loadProtagonist } from "../../services/lookups.js";
import { displayName, parseInput, recordId } from "../../services/validation.js";
import { writeModuleData } from "../../services/campaign-module-data.js";
import { assertExtraOn } from "../extras-service.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import { encounterTests, remembersMeetings, type EncounterTest } from "./encounter-rules.js";
import { ENTITY_EVENTS } from "./events.js";
import { bestiaryOf, ENTITIES_ID, findEntity, type Entity } from "./state.js";
import { logModuleEvent } from "../module-log.js";

/** One summary holds at most this many tests (the group SAN test's limit). */
export const MAX_ENCOUNTER_TESTS = 25;

const encounterInput = z.object({
  actor: actorSchema,
  campaignId: recordId.nullish(),
  name: displayName,
  /** One Protagonist; absent: every active Protagonist of the campaign. */
  protagonistId: recordId.nullish(),
  /** Every loss of the encounter corrupting (Eldritch's are anyway, with Corruption on). */
  corrupting: z.boolean().default(false),
});

export interface EncounterOutcome {
  entity: Entity;
  sanTests: SanTestOutcome[];
  willTests: WillTestOutcome[];
  /** How many tests were planned: the group's size in the log, even if some were skipped. */
  groupSize: number;
  eventId: number;
}

/**
 * An encounter (seed 002): the entity's tags applied to the Protagonists present in one step,
 * through the core's SAN and will tests, so projection, adaptation and breaking points work as
 * they do for `/san`. The tests form one group, summarised in one message.
 */
export function createEncounters(
  { store, rng, extensions = NO_EXTENSIONS }: ServiceDeps,
  module: ExtraModule,
) {
  return {
    async encounter(raw: {
      actor: Actor;
      campaignId?: string | null;
      name: string;
      protagonistId?: string | null;
      corrupting?: boolean;
    }): Promise<EncounterOutcome> {
      const input = parseInput(encounterInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, input.campaignId);
        assertExtraOn(module, campaign);
        await assertGm(tx, actor, campaign);
        const bestiary = bestiaryOf(campaign.extras);
        const entity = findEntity(bestiary, input.name);
        if (!entity) throw new ExtraRefusal(ENTITIES_ID, "no-such-entity", { entity: input.name });
        const targets: Target[] = input.protagonistId
          ? [await readTarget(tx, actor, input.protagonistId)]
          : await Promise.all(
              (await tx.protagonists.listIn(actor.guildId, campaign.id, {})).map(async (p) => ({
                campaign,
                protagonist: await loadProtagonist(tx, actor.guildId, p.id),
              })),
            );
        if (targets.length === 0) throw new ExtraRefusal(ENTITIES_ID, "no-one-to-encounter");
        for (const { campaign: theirs, protagonist } of targets) {
          // The GM checked is this campaign's: its encounters touch only its Protagonists.
          if (theirs.id !== campaign.id) {
            throw new ExtraRefusal(ENTITIES_ID, "not-in-campaign", {
              protagonist: protagonist.name,
            });
          }
          assertActive(protagonist);
        }
        const corruption = extensions.takesCorruptingLosses(campaign);
        const plans = targets.map((target) => ({
          target,
          tests: encounterTests(entity.tags, {
            metBefore: entity.metBy.includes(target.protagonist.id),
            corruption,
          }),
        }));
        const size = plans.reduce((sum, plan) => sum + plan.tests.length, 0);
        if (size === 0) {
          throw new ExtraRefusal(ENTITIES_ID, "encounter-calls-for-no-test", {
            entity: entity.name,
          });
        }
        if (size > MAX_ENCOUNTER_TESTS) {
          throw new ExtraRefusal(ENTITIES_ID, "encounter-too-large", {
            tests: size,
            max: MAX_ENCOUNTER_TESTS,
          });
        }
        // The table learns the name only of an entity a GM has shown.
        const source = entity.shown ? entity.name : null;
        const writer = { tx, actor, rng, extensions, gmChecked: true };
        const willTests: WillTestOutcome[] = [];
        const sanTests: SanTestOutcome[] = [];
        // Every will test first: a SAN test can be projected only while it is the latest change.
        const firstId = () => (willTests[0] ?? sanTests[0])?.eventId;
        const sheets = new Map(targets.map((t) => [t.protagonist.id, t.protagonist]));
        for (const pool of ["WP", "SAN"] as const) {
          for (const { target, tests } of plans) {
            for (const test of tests.filter((t): t is EncounterTest => t.pool === pool)) {
              // Each test reads the sheet as the one before it left it.
              const protagonist = sheets.get(target.protagonist.id) ?? target.protagonist;
              if (protagonist.status !== "active") break;
              const current = { campaign, protagonist };
              if (test.pool === "WP") {
                const { outcome, after } = await writeWillTest(writer, current, {
                  loss: test.loss,
                  panicOnFailure: test.panic,
                  source,
                  group: { size, first: firstId() },
                  corrupting: input.corrupting,
                });
                willTests.push(outcome);
                sheets.set(protagonist.id, after);
              } else {
                const { outcome, after } = await writeSanTest(writer, current, {
                  loss: test.loss,
                  threat: "unnatural",
                  source,
                  group: { size, first: firstId() },
                  corrupting: test.corrupting || input.corrupting,
                });
                sanTests.push(outcome);
                sheets.set(protagonist.id, after);
              }
            }
          }
        }
        const tested = new Set([...sanTests, ...willTests].map((t) => t.protagonist.id));
        const met = targets.map((t) => t.protagonist).filter((p) => tested.has(p.id));
        const next: Entity = remembersMeetings(entity.tags)
          ? { ...entity, metBy: [...new Set([...entity.metBy, ...met.map((p) => p.id)])] }
          : entity;
        const metNow = next.metBy.length !== entity.metBy.length;
        const change = metNow
          ? await writeModuleData(tx, campaign, ENTITIES_ID, {
              entities: bestiary.entities.map((e) => (e === entity ? next : e)),
            })
          : null;
        const eventId = await logModuleEvent(tx, actor, campaign, {
          kind: ENTITY_EVENTS.encounter,
          payload: { entity: entity.name, protagonists: met.map((p) => p.name) },
          ...(change ? { campaignData: [change] } : {}),
          visibility: entity.shown ? "campaign" : "gms",
        });
        return { entity: next, sanTests, willTests, groupSize: size, eventId };
      });
    },
  };
}
