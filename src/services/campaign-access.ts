import type { Campaign } from "../generated/prisma/client.js";
import { resolveRuleOptions, type RuleOptions } from "../rules/options.js";
import type { Actor } from "./actor.js";
import { forbidden, invalid, notFound } from "./errors.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import type { Tx } from "./store.js";
import { displayText } from "./display-text.js";

/** A campaign of the actor's guild: by id, else the channel's bound campaign, else the default. */
export async function resolveCampaign(
  tx: Tx,
  actor: Pick<Actor, "guildId" | "channelId">,
  campaignId?: string | null,
): Promise<Campaign> {
  if (campaignId) {
    const campaign = await tx.campaign.findFirst({
      where: { id: campaignId, guildId: actor.guildId },
    });
    if (!campaign) throw notFound("That campaign");
    return campaign;
  }
  const binding = await tx.channelBinding.findUnique({
    where: { guildId_channelId: { guildId: actor.guildId, channelId: actor.channelId } },
    include: { campaign: true },
  });
  if (binding) return binding.campaign;
  const fallback = await tx.campaign.findFirst({
    where: { guildId: actor.guildId },
    orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }],
  });
  if (!fallback) {
    throw invalid("This server has no campaign yet. A GM can start one with `/campaign create`.");
  }
  return fallback;
}

/** Campaign GMs are its GM users, members with a GM role, and anyone with Manage Server. */
export async function isGm(tx: Tx, actor: Actor, campaignId: string): Promise<boolean> {
  if (actor.canManageGuild) return true;
  const gm = await tx.campaignGm.findFirst({
    where: {
      campaignId,
      OR: [
        { kind: "user", discordId: actor.userId },
        ...(actor.roleIds.length ? [{ kind: "role", discordId: { in: actor.roleIds } }] : []),
      ],
    },
  });
  return gm !== null;
}

export async function assertGm(tx: Tx, actor: Actor, campaign: Campaign): Promise<void> {
  if (!(await isGm(tx, actor, campaign.id))) {
    throw forbidden(
      `Only a GM of **${displayText(campaign.name)}** (or someone with Manage Server) can do that.`,
    );
  }
}

/** Players act on their own Protagonists; GMs on any Protagonist of their campaign. */
export async function assertCanActOn(
  tx: Tx,
  actor: Actor,
  protagonist: ProtagonistSnapshot,
): Promise<void> {
  if (protagonist.ownerId === actor.userId) return;
  if (await isGm(tx, actor, protagonist.campaignId)) return;
  throw forbidden(
    `**${displayText(protagonist.name)}** is not yours. Only the player or a GM can do that.`,
  );
}

export function ruleOptionsOf(campaign: Pick<Campaign, "ruleOptions">): RuleOptions {
  return resolveRuleOptions(campaign.ruleOptions);
}
