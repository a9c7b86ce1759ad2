import { z } from "zod";
import { fact } from "./event-facts.js";
import type { Campaign } from "../store/types.js";
import { resolveRuleOptions, ruleOptionsSchema, type RuleOptions } from "../rules/options.js";
import { ERAS } from "../rules/types.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import {
  assertGm,
  assertRightsOver,
  boundCampaign,
  resolveCampaign,
  ruleOptionsOf,
} from "./campaign-access.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, forbidden, invalid } from "./errors.js";
import { asJson } from "./event-log.js";
import type { StoreTx } from "../store/store.js";
import { displayName, parseInput, recordId, snowflake } from "./validation.js";

export const SECRET_ROLL_MODES = ["off", "ephemeral", "gm-channel"] as const;
export type SecretRollMode = (typeof SECRET_ROLL_MODES)[number];

const createInput = z.object({
  actor: actorSchema,
  name: displayName,
  era: z.enum(ERAS).default("modern"),
});

const settingsInput = z.object({
  actor: actorSchema,
  campaignId: recordId.nullish(),
  era: z.enum(ERAS).optional(),
  secretRollMode: z.enum(SECRET_ROLL_MODES).optional(),
  gmChannelId: snowflake.nullish(),
  makeDefault: z.boolean().optional(),
  rules: ruleOptionsSchema.partial().strict().optional(),
});

const gmInput = z.object({
  actor: actorSchema,
  campaignId: recordId.nullish(),
  kind: z.enum(["user", "role"]),
  discordId: snowflake,
});

const campaignRef = z.object({ actor: actorSchema, campaignId: recordId.nullish() });

export interface CampaignView {
  id: string;
  name: string;
  era: string;
  isDefault: boolean;
  secretRollMode: SecretRollMode;
  gmChannelId: string | null;
  sessionNumber: number;
  rules: RuleOptions;
  gms: { kind: "user" | "role"; discordId: string }[];
  channels: string[];
}

async function viewOf(tx: StoreTx, campaign: Campaign): Promise<CampaignView> {
  const gms = await tx.campaigns.gmsOf(campaign.id);
  const channels = await tx.campaigns.channelsOf(campaign.id);
  return {
    id: campaign.id,
    name: campaign.name,
    era: campaign.era,
    isDefault: campaign.isDefault,
    secretRollMode: (SECRET_ROLL_MODES as readonly string[]).includes(campaign.secretRollMode)
      ? (campaign.secretRollMode as SecretRollMode)
      : "ephemeral",
    gmChannelId: campaign.gmChannelId,
    sessionNumber: campaign.sessionNumber,
    rules: ruleOptionsOf(campaign),
    gms,
    channels,
  };
}

export function createCampaignService({ store }: ServiceDeps) {
  return {
    /** A new campaign; the first of a guild becomes its default. The creator becomes its GM. */
    async create(raw: { actor: Actor; name: string; era?: string }): Promise<CampaignView> {
      const { actor, name, era } = parseInput(createInput, raw);
      return store.transaction(async (tx) => {
        // Counted in the transaction that creates it: of several members creating the server's
        // first campaign at once, one does; the others then need Manage Server like anyone.
        const isFirst = (await tx.campaigns.countIn(actor.guildId)) === 0;
        if (!isFirst && !actor.canManageGuild) {
          throw forbidden({ code: "campaign-needs-manage-server" });
        }
        if (await tx.campaigns.byName(actor.guildId, name)) {
          throw conflict({ code: "campaign-name-taken", name });
        }
        const campaign = await tx.campaigns.create({
          guildId: actor.guildId,
          name,
          era,
          isDefault: isFirst,
          creatorId: actor.userId,
        });
        await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("campaign-create", { campaign: name }),
          sessionNumber: campaign.sessionNumber,
          input: { name, era },
        });
        return viewOf(tx, campaign);
      });
    },

    async list(raw: { actor: Actor }): Promise<CampaignView[]> {
      const { actor } = parseInput(z.object({ actor: actorSchema }), raw);
      return store.read(async (tx) => {
        const views: CampaignView[] = [];
        for (const campaign of await tx.campaigns.listIn(actor.guildId)) {
          views.push(await viewOf(tx, campaign));
        }
        return views;
      });
    },

    /** The campaign of this channel (bound, else default). */
    async current(raw: { actor: Actor; campaignId?: string | null }): Promise<CampaignView> {
      const { actor, campaignId } = parseInput(campaignRef, raw);
      return store.transaction(async (tx) =>
        viewOf(tx, await resolveCampaign(tx, actor, campaignId)),
      );
    },

    /** The campaign of this channel, for its GM only: a GM-only prompt refuses players up front. */
    async currentForGm(raw: { actor: Actor; campaignId?: string | null }): Promise<CampaignView> {
      const { actor, campaignId } = parseInput(campaignRef, raw);
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, campaignId);
        await assertGm(tx, actor, campaign);
        return viewOf(tx, campaign);
      });
    },

    /** GM: change era, secret-roll mode, default flag, or rule variants. */
    async updateSettings(raw: {
      actor: Actor;
      campaignId?: string | null;
      era?: string;
      secretRollMode?: string;
      gmChannelId?: string | null;
      makeDefault?: boolean;
      rules?: Partial<RuleOptions>;
    }): Promise<CampaignView> {
      const input = parseInput(settingsInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, input.campaignId);
        await assertGm(tx, actor, campaign);
        const mode = input.secretRollMode ?? campaign.secretRollMode;
        const gmChannelId =
          input.gmChannelId === undefined ? campaign.gmChannelId : input.gmChannelId;
        if (mode === "gm-channel" && !gmChannelId) {
          throw invalid({ code: "gm-channel-needed" });
        }
        const rules = resolveRuleOptions({ ...ruleOptionsOf(campaign), ...input.rules });
        const previousDefault = input.makeDefault
          ? await tx.campaigns.defaultOf(actor.guildId)
          : undefined;
        if (previousDefault && previousDefault.id !== campaign.id) {
          await assertRightsOver(tx, actor, previousDefault, {
            code: "default-campaign-gm-only",
            campaign: previousDefault.name,
          });
        }
        const updated = await tx.campaigns.updateSettings(campaign, {
          era: input.era ?? campaign.era,
          secretRollMode: mode,
          gmChannelId: gmChannelId ?? null,
          ruleOptions: asJson(rules),
          isDefault: input.makeDefault === true || campaign.isDefault,
        });
        await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("campaign-settings", { campaign: campaign.name }),
          sessionNumber: campaign.sessionNumber,
          input: { ...input, actor: undefined },
        });
        return viewOf(tx, updated);
      });
    },

    async addGm(raw: {
      actor: Actor;
      campaignId?: string | null;
      kind: "user" | "role";
      discordId: string;
    }) {
      return changeGm(raw, "add");
    },

    async removeGm(raw: {
      actor: Actor;
      campaignId?: string | null;
      kind: "user" | "role";
      discordId: string;
    }) {
      return changeGm(raw, "remove");
    },

    /** GM: bind this channel to a campaign, so commands here use it. */
    async bindChannel(raw: { actor: Actor; campaignId?: string | null }): Promise<CampaignView> {
      const { actor, campaignId } = parseInput(campaignRef, raw);
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, campaignId);
        await assertGm(tx, actor, campaign);
        // Taking a channel (or thread) from the campaign it is bound to is that campaign's call too.
        const bound = await boundCampaign(tx, actor);
        if (bound && bound.id !== campaign.id) {
          await assertRightsOver(tx, actor, bound, {
            code: "bound-channel-gm-only",
            campaign: bound.name,
          });
        }
        await tx.campaigns.bindChannel(actor.guildId, actor.channelId, campaign.id);
        await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("campaign-bind", { campaign: campaign.name }),
          sessionNumber: campaign.sessionNumber,
          input: { channelId: actor.channelId },
        });
        return viewOf(tx, campaign);
      });
    },
  };

  async function changeGm(
    raw: { actor: Actor; campaignId?: string | null; kind: "user" | "role"; discordId: string },
    change: "add" | "remove",
  ): Promise<CampaignView> {
    const { actor, campaignId, kind, discordId } = parseInput(gmInput, raw);
    return store.transaction(async (tx) => {
      const campaign = await resolveCampaign(tx, actor, campaignId);
      await assertGm(tx, actor, campaign);
      if (change === "add") await tx.campaigns.addGm(campaign.id, { kind, discordId });
      else await tx.campaigns.removeGm(campaign.id, { kind, discordId });
      await tx.events.append({
        guildId: actor.guildId,
        campaignId: campaign.id,
        actorId: actor.userId,
        ...fact(`gm-${change}`, { gm: kind, campaign: campaign.name }),
        sessionNumber: campaign.sessionNumber,
        input: { kind, discordId },
      });
      return viewOf(tx, campaign);
    });
  }
}

export type CampaignService = ReturnType<typeof createCampaignService>;
