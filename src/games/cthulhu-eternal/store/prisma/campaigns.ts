import { randomUUID } from "node:crypto";
import type { Client } from "../../../../store/database.js";
import { jsonColumn, requiredJson } from "../../../../store/json.js";
import type { CampaignGm, CampaignRepository } from "../store.js";
import type { Campaign, JsonValue } from "../types.js";

/** A campaign row as Prisma reads it: Json columns come back as JSON values. */
interface CampaignRow extends Omit<Campaign, "ruleOptions" | "customContent" | "extras"> {
  ruleOptions: unknown;
  customContent: unknown;
  extras: unknown;
}

function toCampaign(row: CampaignRow | null): Campaign | undefined {
  if (row === null) return undefined;
  return {
    ...row,
    ruleOptions: row.ruleOptions as JsonValue,
    customContent: (row.customContent ?? null) as JsonValue | null,
    extras: (row.extras ?? null) as JsonValue | null,
  };
}

export function campaignsOn(client: Client): CampaignRepository {
  const read = async (guildId: string, id: string): Promise<Campaign> => {
    const campaign = toCampaign(await client.campaign.findFirst({ where: { id, guildId } }));
    if (!campaign) throw new Error(`campaign ${id} vanished while being written`);
    return campaign;
  };
  const byId = async (guildId: string, id: string) =>
    toCampaign(await client.campaign.findFirst({ where: { id, guildId } }));
  const defaultOf = async (guildId: string) =>
    toCampaign(
      await client.campaign.findFirst({
        where: { guildId },
        orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }],
      }),
    );
  return {
    byId,
    boundTo: async (guildId, channelId, parentId) => {
      // The campaign is read only once a binding is found: an `include` would query it even for
      // no binding (the common case), on every command.
      const bindings = await client.channelBinding.findMany({
        where: { guildId, channelId: { in: [channelId, parentId] } },
        select: { channelId: true, campaignId: true },
      });
      // The channel's own binding first, else its parent's (a thread's channel).
      const binding =
        bindings.find((b) => b.channelId === channelId) ??
        bindings.find((b) => b.channelId === parentId);
      return binding && byId(guildId, binding.campaignId);
    },
    defaultOf,
    ofChannel: async (guildId, channelId, parentId) => {
      // The marked default and any campaign bound here, each with its bindings here: one query
      // where the engine joins (PostgreSQL), as many as `boundTo` and `defaultOf` on SQLite.
      const channels = [channelId, parentId];
      const rows = await client.campaign.findMany({
        where: {
          guildId,
          OR: [{ isDefault: true }, { channels: { some: { channelId: { in: channels } } } }],
        },
        include: {
          channels: { where: { channelId: { in: channels } }, select: { channelId: true } },
        },
      });
      const boundHere = (id: string) =>
        rows.find((c) => c.channels.some((b) => b.channelId === id));
      const found = boundHere(channelId) ?? boundHere(parentId) ?? rows.find((c) => c.isDefault);
      if (found === undefined) return defaultOf(guildId);
      const { channels: _bindings, ...campaign } = found;
      return toCampaign(campaign);
    },
    names: (guildId, limit) =>
      client.campaign.findMany({
        where: { guildId },
        select: { id: true, name: true },
        orderBy: { name: "asc" },
        take: limit,
      }),
    listsGm: async (campaignId, userId, roleIds) => {
      const entry = await client.campaignGm.findFirst({
        where: {
          campaignId,
          OR: [
            { kind: "user", discordId: userId },
            { kind: "role", discordId: { in: [...roleIds] } },
          ],
        },
        select: { kind: true },
      });
      return entry !== null;
    },
    setSessionNumber: async (campaignId, sessionNumber) => {
      await client.campaign.update({ where: { id: campaignId }, data: { sessionNumber } });
    },
    setExtras: async (campaignId, extras) => {
      await client.campaign.update({
        where: { id: campaignId },
        data: { extras: jsonColumn(extras) },
      });
    },
    setCustomContent: async (campaignId, content) => {
      await client.campaign.update({
        where: { id: campaignId },
        data: { customContent: jsonColumn(content) },
      });
    },
    countIn: (guildId) => client.campaign.count({ where: { guildId } }),
    byName: async (guildId, name) =>
      toCampaign(await client.campaign.findUnique({ where: { guildId_name: { guildId, name } } })),
    listIn: async (guildId) =>
      (
        await client.campaign.findMany({
          where: { guildId },
          orderBy: [{ isDefault: "desc" }, { name: "asc" }],
        })
      ).flatMap((row) => toCampaign(row) ?? []),
    create: async ({ guildId, name, era, isDefault, creatorId }) => {
      const id = randomUUID();
      await client.guild.upsert({ where: { id: guildId }, create: { id: guildId }, update: {} });
      await client.campaign.create({
        data: { id, guildId, name, era, isDefault, ruleOptions: {} },
      });
      await client.campaignGm.create({
        data: { campaignId: id, kind: "user", discordId: creatorId },
      });
      return read(guildId, id);
    },
    updateSettings: async (campaign, settings) => {
      if (settings.isDefault) {
        await client.campaign.updateMany({
          where: { guildId: campaign.guildId, isDefault: true },
          data: { isDefault: false },
        });
      }
      await client.campaign.update({
        where: { id: campaign.id },
        data: {
          era: settings.era,
          secretRollMode: settings.secretRollMode,
          gmChannelId: settings.gmChannelId,
          ruleOptions: requiredJson(settings.ruleOptions),
          isDefault: settings.isDefault,
        },
      });
      return read(campaign.guildId, campaign.id);
    },
    gmsOf: async (campaignId) =>
      (
        await client.campaignGm.findMany({
          where: { campaignId },
          orderBy: [{ createdAt: "asc" }, { kind: "asc" }, { discordId: "asc" }],
        })
      ).map((gm): CampaignGm => ({
        kind: gm.kind === "role" ? "role" : "user",
        discordId: gm.discordId,
      })),
    addGm: async (campaignId, gm) => {
      await client.campaignGm.upsert({
        where: { campaignId_kind_discordId: { campaignId, ...gm } },
        create: { campaignId, ...gm },
        update: {},
      });
    },
    removeGm: async (campaignId, gm) => {
      await client.campaignGm.deleteMany({ where: { campaignId, ...gm } });
    },
    channelsOf: async (campaignId) =>
      (
        await client.channelBinding.findMany({
          where: { campaignId },
          select: { channelId: true },
        })
      ).map((b) => b.channelId),
    bindChannel: async (guildId, channelId, campaignId) => {
      await client.channelBinding.upsert({
        where: { guildId_channelId: { guildId, channelId } },
        create: { guildId, channelId, campaignId },
        update: { campaignId },
      });
    },
  };
}
