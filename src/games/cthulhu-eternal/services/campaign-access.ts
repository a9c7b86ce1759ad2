import type { Campaign } from "../store/types.js";
import type { StoreTx } from "../store/store.js";
import { resolveRuleOptions, type RuleOptions } from "../rules/options.js";
import type { Actor } from "../../../core/access/actor.js";
import { forbidden, invalid } from "./errors.js";
import type { ServiceRefusal } from "./refusals.js";
import { campaignNotFound, MAX_CANDIDATES } from "./lookups.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { deepFreeze } from "../../../core/deep-freeze.js";

/** A campaign of the actor's guild: by id, else the channel's bound campaign, else the default. */
export async function resolveCampaign(
  tx: StoreTx,
  actor: Pick<Actor, "guildId" | "channelId">,
  campaignId?: string | null,
): Promise<Campaign> {
  if (campaignId) {
    const campaign = await tx.campaigns.byId(actor.guildId, campaignId);
    return campaign ?? campaignNamed(tx, actor.guildId, campaignId);
  }
  const campaign = await campaignOfChannel(tx, actor);
  if (!campaign) {
    throw invalid({ code: "no-campaign-yet" });
  }
  return campaign;
}

/**
 * The channel's campaign: its own binding, else (in a thread) its parent channel's, else the
 * guild's default; none when the guild has none.
 */
export async function campaignOfChannel(
  tx: StoreTx,
  actor: Pick<Actor, "guildId" | "channelId" | "threadParentId">,
): Promise<Campaign | undefined> {
  const { guildId, channelId } = actor;
  return tx.campaigns.ofChannel(guildId, channelId, actor.threadParentId ?? channelId);
}

/** The campaign the channel is bound to, by its own binding or its parent's; none when unbound. */
export function boundCampaign(
  tx: StoreTx,
  actor: Pick<Actor, "guildId" | "channelId" | "threadParentId">,
): Promise<Campaign | undefined> {
  const { guildId, channelId } = actor;
  return tx.campaigns.boundTo(guildId, channelId, actor.threadParentId ?? channelId);
}

/** A campaign named in full (any letter case) by a player who typed it without picking it. */
async function campaignNamed(tx: StoreTx, guildId: string, name: string): Promise<Campaign> {
  const campaigns = await tx.campaigns.names(guildId, MAX_CANDIDATES);
  const wanted = name.trim().toLowerCase();
  const named = campaigns.find((c) => c.name.toLowerCase() === wanted);
  const campaign = named && (await tx.campaigns.byId(guildId, named.id));
  if (campaign) return campaign;
  throw campaignNotFound(name, campaigns);
}

/** Campaign GMs are its GM users, members with a GM role, and anyone with Manage Server. */
export async function isGm(tx: StoreTx, actor: Actor, campaignId: string): Promise<boolean> {
  if (actor.canManageGuild) return true;
  return tx.campaigns.listsGm(campaignId, actor.userId, actor.roleIds);
}

export function assertGm(tx: StoreTx, actor: Actor, campaign: Campaign): Promise<void> {
  return assertRightsOver(tx, actor, campaign, { code: "gm-only", campaign: campaign.name });
}

/** Refuses, with `refusal`, anyone but a GM of the campaign (or someone with Manage Server). */
export async function assertRightsOver(
  tx: StoreTx,
  actor: Actor,
  campaign: Pick<Campaign, "id">,
  refusal: ServiceRefusal,
): Promise<void> {
  if (!(await isGm(tx, actor, campaign.id))) throw forbidden(refusal);
}

/** Players act on their own Protagonists; GMs on any Protagonist of their campaign. */
export async function assertCanActOn(
  tx: StoreTx,
  actor: Actor,
  protagonist: ProtagonistSnapshot,
): Promise<void> {
  if (protagonist.ownerId === actor.userId) return;
  if (await isGm(tx, actor, protagonist.campaignId)) return;
  throw forbidden({ code: "not-yours", protagonist: protagonist.name });
}

/** Resolved once per campaign object: cached campaigns are the same object until they change. */
const resolvedOptions = new WeakMap<Pick<Campaign, "ruleOptions">, RuleOptions>();

export function ruleOptionsOf(campaign: Pick<Campaign, "ruleOptions">): RuleOptions {
  let options = resolvedOptions.get(campaign);
  if (options === undefined) {
    options = deepFreeze(resolveRuleOptions(campaign.ruleOptions));
    resolvedOptions.set(campaign, options);
  }
  return options;
}
