import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import type { PercentileTestResult } from "../../rules/percentile.js";
import { assertGm, resolveCampaign } from "../../services/campaign-access.js";
import type { ServiceDeps } from "../../services/deps.js";
import { NO_EXTENSIONS } from "../../services/extension-points.js";
import { writeTarget } from "../../services/protagonist-target.js";
import { testerConditions } from "../../services/skill-test.js";
import { displayName, parseInput, recordId } from "../../services/validation.js";
import type { StoreTx } from "../../store/store.js";
import type { Campaign } from "../../store/types.js";
import { writeModuleData } from "../../services/campaign-module-data.js";
import { assertExtraOn } from "../extras-service.js";
import { logModuleEvent, logSheetChange } from "../module-log.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import { SUBSTANCE_EVENTS } from "./events.js";
import { afterTaking, dailyTest, takeSubstance, type Effects } from "./rules.js";
import { readDependence } from "./settings.js";
import {
  catalogueOf,
  EFFECT_MAX,
  findSubstance,
  MAX_SUBSTANCES,
  substanceStateOf,
  SUBSTANCES_ID,
  withSubstanceState,
  type Catalogue,
  type Substance,
  type SubstanceState,
} from "./state.js";

const target = { actor: actorSchema, protagonistId: recordId.nullish() };
const campaignRef = { actor: actorSchema, campaignId: recordId.nullish() };
const effect = z.string().trim().max(EFFECT_MAX).default("");
const addInput = z.object({
  ...campaignRef,
  name: displayName,
  potency: z.number().int().min(0).max(99),
  beneficial: effect,
  harmful: effect,
  addictive: z.boolean().default(false),
});
const nameInput = z.object({ ...campaignRef, name: displayName });
const takeInput = z.object({ ...target, substance: displayName });

interface Who {
  id: string;
  name: string;
}

export interface TakeOutcome {
  protagonist: Who;
  substance: Substance;
  test: PercentileTestResult;
  effects: Effects;
  becameDependent: boolean;
  state: SubstanceState;
  eventId: number;
}

export interface DailyOutcome {
  protagonist: Who;
  test: PercentileTestResult;
  cleared: string[];
  state: SubstanceState;
  eventId: number;
}

export interface CatalogueOutcome {
  campaign: { id: string; name: string };
  substance: Substance;
  eventId: number;
}

export function createSubstancesService(
  { store, rng, extensions = NO_EXTENSIONS }: ServiceDeps,
  module: ExtraModule,
) {
  async function user(tx: StoreTx, actor: Actor, protagonistId?: string | null) {
    const found = await writeTarget(tx, actor, protagonistId);
    const settings = assertExtraOn(module, found.campaign);
    return { ...found, settings, state: substanceStateOf(found.protagonist) };
  }

  /** A GM's campaign with the module on, and its catalogue. */
  async function gmCatalogue(tx: StoreTx, actor: Actor, campaignId?: string | null) {
    const campaign = await resolveCampaign(tx, actor, campaignId);
    assertExtraOn(module, campaign);
    await assertGm(tx, actor, campaign);
    return { campaign, catalogue: catalogueOf(campaign.extras) };
  }

  async function saveCatalogue(
    tx: StoreTx,
    actor: Actor,
    campaign: Campaign,
    catalogue: Catalogue,
    event: typeof SUBSTANCE_EVENTS.add | typeof SUBSTANCE_EVENTS.remove,
    substance: Substance,
  ): Promise<CatalogueOutcome> {
    const change = await writeModuleData(tx, campaign, SUBSTANCES_ID, catalogue);
    const eventId = await logModuleEvent(tx, actor, campaign, {
      kind: event,
      payload: {
        substance: substance.name,
        potency: substance.potency,
        addictive: substance.addictive,
      },
      campaignData: [change],
    });
    return { campaign: { id: campaign.id, name: campaign.name }, substance, eventId };
  }

  return {
    /** GM: a substance for the campaign's catalogue. */
    async add(raw: {
      actor: Actor;
      campaignId?: string | null;
      name: string;
      potency: number;
      beneficial?: string;
      harmful?: string;
      addictive?: boolean;
    }): Promise<CatalogueOutcome> {
      const input = parseInput(addInput, raw);
      return store.transaction(async (tx) => {
        const { campaign, catalogue } = await gmCatalogue(tx, input.actor, input.campaignId);
        if (findSubstance(catalogue, input.name)) {
          throw new ExtraRefusal(SUBSTANCES_ID, "substance-exists", { substance: input.name });
        }
        if (catalogue.substances.length >= MAX_SUBSTANCES) {
          throw new ExtraRefusal(SUBSTANCES_ID, "too-many-substances", { max: MAX_SUBSTANCES });
        }
        const substance: Substance = {
          name: input.name,
          potency: input.potency,
          beneficial: input.beneficial,
          harmful: input.harmful,
          addictive: input.addictive,
        };
        return saveCatalogue(
          tx,
          input.actor,
          campaign,
          { substances: [...catalogue.substances, substance] },
          SUBSTANCE_EVENTS.add,
          substance,
        );
      });
    },

    /** GM: a substance out of the catalogue (dependencies on it stay until cleared). */
    async remove(raw: {
      actor: Actor;
      campaignId?: string | null;
      name: string;
    }): Promise<CatalogueOutcome> {
      const input = parseInput(nameInput, raw);
      return store.transaction(async (tx) => {
        const { campaign, catalogue } = await gmCatalogue(tx, input.actor, input.campaignId);
        const substance = findSubstance(catalogue, input.name);
        if (!substance) {
          throw new ExtraRefusal(SUBSTANCES_ID, "no-such-substance", { substance: input.name });
        }
        return saveCatalogue(
          tx,
          input.actor,
          campaign,
          { substances: catalogue.substances.filter((s) => s !== substance) },
          SUBSTANCE_EVENTS.remove,
          substance,
        );
      });
    },

    /** The campaign's catalogue, for anyone at the table and for autocomplete. */
    async catalogue(raw: { actor: Actor; campaignId?: string | null }) {
      const { actor, campaignId } = parseInput(z.object(campaignRef), raw);
      return store.read(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, campaignId);
        assertExtraOn(module, campaign);
        return {
          campaign: { id: campaign.id, name: campaign.name },
          substances: catalogueOf(campaign.extras).substances,
        };
      });
    },

    /** Taking a substance: the CON × 5 test decides which effects come, and dependence. */
    async take(raw: {
      actor: Actor;
      protagonistId?: string | null;
      substance: string;
    }): Promise<TakeOutcome> {
      const input = parseInput(takeInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const {
          campaign,
          protagonist: before,
          settings,
          state,
        } = await user(tx, actor, input.protagonistId);
        const substance = findSubstance(catalogueOf(campaign.extras), input.substance);
        if (!substance) {
          throw new ExtraRefusal(SUBSTANCES_ID, "no-such-substance", {
            substance: input.substance,
          });
        }
        const result = takeSubstance(
          {
            con: before.stats.CON,
            hp: before.hp,
            potency: substance.potency,
            addictive: substance.addictive,
            alreadyDependent: state.dependencies.some(
              (d) => d.substance.toLowerCase() === substance.name.toLowerCase(),
            ),
            trigger: readDependence(settings),
            conditions: testerConditions(
              before,
              campaign,
              { kind: "stat", stat: "CON" },
              extensions,
            ),
          },
          rng,
        );
        const next = afterTaking(state, substance.name, result.becameDependent);
        const eventId = await logSheetChange(
          tx,
          actor,
          campaign,
          {
            kind: SUBSTANCE_EVENTS.take,
            payload: {
              protagonist: before.name,
              roll: result.test.roll.value,
              target: result.test.target,
              outcome: result.test.outcome,
              substance: substance.name,
              effects: result.effects,
              becameDependent: result.becameDependent,
            },
            dice: result.test,
          },
          before,
          withSubstanceState(before, next),
        );
        return {
          protagonist: { id: before.id, name: before.name },
          substance,
          test: result.test,
          effects: result.effects,
          becameDependent: result.becameDependent,
          state: next,
          eventId,
        };
      });
    },

    /** The daily CON × 5 test (normal difficulty): a success clears the dependence. */
    async daily(raw: { actor: Actor; protagonistId?: string | null }): Promise<DailyOutcome> {
      const { actor, protagonistId } = parseInput(z.object(target), raw);
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before, state } = await user(tx, actor, protagonistId);
        if (state.dependencies.length === 0) {
          throw new ExtraRefusal(SUBSTANCES_ID, "not-dependent", { protagonist: before.name });
        }
        // Normal difficulty: exhaustion counts, the dependence itself does not.
        const conditions = testerConditions(
          before,
          campaign,
          { kind: "stat", stat: "CON" },
          NO_EXTENSIONS,
        );
        const { test, stateAfter } = dailyTest({ con: before.stats.CON, conditions }, state, rng);
        const cleared = test.success ? state.dependencies.map((d) => d.substance) : [];
        const eventId = await logSheetChange(
          tx,
          actor,
          campaign,
          {
            kind: SUBSTANCE_EVENTS.daily,
            payload: {
              protagonist: before.name,
              roll: test.roll.value,
              target: test.target,
              outcome: test.outcome,
              cleared,
            },
            dice: test,
          },
          before,
          withSubstanceState(before, stateAfter),
        );
        return {
          protagonist: { id: before.id, name: before.name },
          test,
          cleared,
          state: stateAfter,
          eventId,
        };
      });
    },
  };
}

export type SubstancesService = ReturnType<typeof createSubstancesService>;
