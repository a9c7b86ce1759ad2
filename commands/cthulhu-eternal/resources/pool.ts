/**
 * `/resources pool`: pooled at once when every contributing Protagonist is the player's own (or
 * a GM pools); otherwise an offer the other players accept with a button, rolled on the last
 * acceptance. Declining or letting it expire changes nothing.
 */
import { eternalUserMessageOf } from "../../../src/games/cthulhu-eternal/presentation/refusals.js";
import type { ButtonInteraction, ChatInputCommandInteraction } from "discord.js";
import { actorFrom } from "../../../src/core/discord/actor.js";
import type {
  ComponentContext,
  HandlerContext,
} from "../../../src/games/cthulhu-eternal/command.js";
import {
  acceptPoolOffer,
  mayCancelPoolOffer,
  poolOffers,
  type PoolOffer,
} from "../../../src/games/cthulhu-eternal/discord/pool-offers.js";
import {
  POOL_OFFER_EXPIRED,
  POOL_OFFER_SETTLED,
  poolAlreadyAccepted,
  poolCancelledBy,
  poolNotAsked,
  poolOfferClosedMessage,
  poolOfferMessage,
} from "../../../src/games/cthulhu-eternal/presentation/pool-offer.js";
import { resourcePoolEmbed } from "../../../src/games/cthulhu-eternal/presentation/resource-embeds.js";
import { UserError } from "../../../src/core/discord/user-facing-error.js";
import type {
  ResourceDifficulty,
  ResourceLocation,
} from "../../../src/games/cthulhu-eternal/rules/resources.js";

export interface PoolRequest {
  where: ResourceLocation;
  difficulty: ResourceDifficulty;
  /** Your own contributing Protagonist (default: the active one), then each fellow. */
  own: string | null;
  fellows: { protagonistId: string; where: ResourceLocation | null }[];
}

export async function runPool(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
  request: PoolRequest,
): Promise<void> {
  const actor = actorFrom(interaction);
  const { resources } = services;
  // The pool lists ids; "your own" is the active Protagonist unless one is named.
  const own = request.own ?? (await resources.status({ actor })).protagonist.id;
  const contributors = [
    { protagonistId: own, where: request.where },
    ...request.fellows.map((f) => ({
      protagonistId: f.protagonistId,
      where: f.where ?? request.where,
    })),
  ];
  const view = await resources.poolOffer({ actor, contributors, difficulty: request.difficulty });
  const roller = interaction.user.displayName;
  if (view.awaiting.length === 0) {
    const outcome = await resources.pool({ actor, contributors, difficulty: request.difficulty });
    const whereOf = new Map(contributors.map((c) => [c.protagonistId, c.where]));
    await reply.send({ embeds: [resourcePoolEmbed(outcome, whereOf, roller)] });
    return;
  }
  const offer: PoolOffer = {
    userId: actor.userId,
    guildId: actor.guildId,
    actor,
    roller,
    contributors,
    difficulty: request.difficulty,
    view,
    awaiting: [...view.awaiting],
    accepted: [],
    settled: false,
  };
  const offerId = poolOffers.create(offer);
  await reply.send(poolOfferMessage(offerId, offer));
}

export async function poolAccepted(
  interaction: ButtonInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const [offerId = ""] = args;
  const acceptance = acceptPoolOffer(poolOffers, offerId, interaction.user.id);
  switch (acceptance.kind) {
    case "gone":
      await reply.edit(poolOfferClosedMessage(POOL_OFFER_EXPIRED));
      return;
    case "settled":
      throw new UserError(POOL_OFFER_SETTLED);
    case "not-asked":
      throw new UserError(poolNotAsked(acceptance.offer));
    case "already":
      throw new UserError(poolAlreadyAccepted(acceptance.offer));
    case "waiting":
      await reply.edit(poolOfferMessage(offerId, acceptance.offer));
      return;
    case "complete":
      break;
  }
  const { offer } = acceptance;
  try {
    const outcome = await services.resources.pool({
      actor: offer.actor,
      contributors: [...offer.contributors],
      difficulty: offer.difficulty,
      acceptedBy: offer.accepted,
    });
    const whereOf = new Map(offer.contributors.map((c) => [c.protagonistId, c.where]));
    await reply.edit({
      content: "",
      embeds: [resourcePoolEmbed(outcome, whereOf, offer.roller)],
      components: [],
    });
  } catch (error) {
    // Something changed since the offer (a box checked, a Protagonist out of play): say so.
    const why = eternalUserMessageOf(error);
    if (why === undefined) throw error;
    await reply.edit(poolOfferClosedMessage(why));
  }
  // The settled offer stays until it expires, so a late press is told it is over, privately,
  // and never overwrites the result.
}

export async function poolCancelled(
  interaction: ButtonInteraction,
  { reply, args }: ComponentContext,
): Promise<void> {
  const [offerId = ""] = args;
  const offer = poolOffers.get(offerId);
  if (!offer) {
    await reply.edit(poolOfferClosedMessage(POOL_OFFER_EXPIRED));
    return;
  }
  if (offer.settled) throw new UserError(POOL_OFFER_SETTLED);
  if (!mayCancelPoolOffer(offer, interaction.user.id)) {
    throw new UserError("Only whoever proposed this pool, or a player it asks, can call it off.");
  }
  offer.settled = true;
  await reply.edit(poolOfferClosedMessage(poolCancelledBy(interaction.user.id)));
}
