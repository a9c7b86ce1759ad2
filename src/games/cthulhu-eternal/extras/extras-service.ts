import { z } from "zod";
import type { Campaign } from "../store/types.js";
import type { StoreTx } from "../store/store.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { assertGm, isGm, resolveCampaign } from "../services/campaign-access.js";
import type { ServiceDeps } from "../services/deps.js";
import { asJson } from "../services/event-log.js";
import { parseInput, recordId } from "../services/validation.js";
import { storedExtrasOf } from "../services/campaign-module-data.js";
import { campaignExtras, settingsOf, withChange, type CampaignExtra } from "./campaign-extras.js";
import { ExtraRefusal, type ExtraModule, type ExtraSettingValues } from "./module.js";

/** The registry's own refusals (module id "extras"); src/games/cthulhu-eternal/extras/presentation.ts words them. */
export const REGISTRY_ID = "extras";

/** A module's commands used while it is off in the campaign: refused, nothing changed. */
export function extraOff(module: Pick<ExtraModule, "id">, campaign: Pick<Campaign, "name">) {
  return new ExtraRefusal(module.id, "off", { campaign: campaign.name });
}

/** The module's settings in this campaign, or the "off" refusal when it is not switched on. */
export function assertExtraOn(module: ExtraModule, campaign: Campaign): ExtraSettingValues {
  const stored = storedExtrasOf(campaign.extras);
  if (stored[module.id]?.enabled !== true) throw extraOff(module, campaign);
  return settingsOf(module, stored);
}

const campaignRef = z.object({ actor: actorSchema, campaignId: recordId.nullish() });
const changeInput = z.object({
  actor: actorSchema,
  campaignId: recordId.nullish(),
  moduleId: z.string().trim().min(1).max(64),
  enabled: z.boolean().optional(),
  setting: z
    .object({ key: z.string().trim().min(1).max(64), value: z.string().trim().min(1).max(100) })
    .optional(),
});

/** The event a GM's change of the campaign's Extras logs. */
export const extrasChangePayload = z.object({
  moduleId: z.string(),
  enabled: z.boolean(),
  setting: z
    .object({ key: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) })
    .nullable(),
});
export type ExtrasChange = z.infer<typeof extrasChangePayload>;
export const EXTRAS_CHANGE = { kind: "extras-change", version: 1 } as const;

export interface CampaignExtrasView {
  campaign: { id: string; name: string; sessionNumber: number };
  extras: readonly CampaignExtra[];
  isGm: boolean;
}

export interface ExtrasChangeOutcome {
  campaign: { id: string; name: string };
  before: CampaignExtra;
  after: CampaignExtra;
  eventId: number;
}

export function createExtrasService(deps: ServiceDeps, modules: readonly ExtraModule[]) {
  const { store } = deps;
  const services = new Map<string, unknown>();
  const view = async (
    tx: StoreTx,
    actor: Actor,
    campaign: Campaign,
  ): Promise<CampaignExtrasView> => ({
    campaign: { id: campaign.id, name: campaign.name, sessionNumber: campaign.sessionNumber },
    extras: campaignExtras(modules, campaign.extras),
    isGm: await isGm(tx, actor, campaign.id),
  });
  return {
    modules,

    /** The module's service (one per bot, built on first use). */
    of<S>(module: ExtraModule<S>): S {
      if (!services.has(module.id)) services.set(module.id, module.createService(deps));
      return services.get(module.id) as S;
    },

    /** Every module as this channel's campaign (or the one named) has it. */
    async inCampaign(raw: {
      actor: Actor;
      campaignId?: string | null;
    }): Promise<CampaignExtrasView> {
      const { actor, campaignId } = parseInput(campaignRef, raw);
      return store.read(async (tx) =>
        view(tx, actor, await resolveCampaign(tx, actor, campaignId)),
      );
    },

    /** GM: switch a module on or off, and/or change one of its settings. */
    async change(raw: {
      actor: Actor;
      campaignId?: string | null;
      moduleId: string;
      enabled?: boolean;
      setting?: { key: string; value: string };
    }): Promise<ExtrasChangeOutcome> {
      const input = parseInput(changeInput, raw);
      const { actor } = input;
      const module = modules.find((candidate) => candidate.id === input.moduleId);
      if (!module) throw new ExtraRefusal(REGISTRY_ID, "unknown-module", { typed: input.moduleId });
      const setting = input.setting ? parseSetting(module, input.setting) : undefined;
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, input.campaignId);
        await assertGm(tx, actor, campaign);
        const stored = withChange(campaign.extras, module.id, {
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          ...(setting ? { setting } : {}),
        });
        await tx.campaigns.setExtras(campaign.id, asJson(stored));
        const before = extraOf(module, campaign.extras);
        const after = extraOf(module, stored);
        const change = extrasChangePayload.parse({
          moduleId: module.id,
          enabled: after.enabled,
          setting: setting ?? null,
        });
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          kind: EXTRAS_CHANGE.kind,
          payloadVersion: EXTRAS_CHANGE.version,
          payload: change,
          sessionNumber: campaign.sessionNumber,
          input: change,
        });
        return { campaign: { id: campaign.id, name: campaign.name }, before, after, eventId };
      });
    },
  };

  function extraOf(module: ExtraModule, json: unknown): CampaignExtra {
    const found = campaignExtras([module], json)[0];
    if (!found) throw new Error(`no module ${module.id}`);
    return found;
  }
}

/** A setting's value as typed, checked by the module's schema. */
function parseSetting(module: ExtraModule, typed: { key: string; value: string }) {
  const setting = module.settings.find((candidate) => candidate.key === typed.key.toLowerCase());
  if (!setting) {
    throw new ExtraRefusal(REGISTRY_ID, "unknown-setting", { module: module.id, typed: typed.key });
  }
  const parsed = setting.schema.safeParse(typed.value.toLowerCase());
  if (!parsed.success) {
    throw new ExtraRefusal(REGISTRY_ID, "bad-value", {
      module: module.id,
      setting: setting.key,
      typed: typed.value,
    });
  }
  return { key: setting.key, value: parsed.data };
}

export type ExtrasService = ReturnType<typeof createExtrasService>;
