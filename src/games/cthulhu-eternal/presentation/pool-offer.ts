import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type BaseMessageOptions,
} from "discord.js";
import type { PoolOffer } from "../discord/pool-offers.js";
import { POOL_OFFER_TTL_MS } from "../discord/pool-offers.js";
import { customId } from "../../../core/discord/custom-id.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { LOCATION_LABEL } from "./resource-embeds.js";

export const POOL_COMMAND = "resources";
export const POOL_ACTIONS = { accept: "pool-accept", cancel: "pool-cancel" } as const;

const OFFER_COLOUR = 0xf1c40f;
const CLOSED_COLOUR = 0x95a5a6;

const mentions = (ids: readonly string[]) => ids.map((id) => `<@${id}>`).join(", ");

/** The offer as the table reads it: who pools what, the pooled rating, whom it waits for. */
export function poolOfferMessage(offerId: string, offer: PoolOffer): BaseMessageOptions {
  const whereOf = new Map(offer.contributors.map((c) => [c.protagonistId, c.where]));
  const lines = offer.view.contributors.map((c) => {
    const where = LOCATION_LABEL[whereOf.get(c.id) ?? "at-hand"];
    return `**${userText(c.name)}** (<@${c.ownerId}>) — ${where}`;
  });
  const lead = offer.view.pool.contributions.find((c) => c.lead);
  const minutes = Math.round(POOL_OFFER_TTL_MS / 60_000);
  const embed = new EmbedBuilder()
    .setColor(OFFER_COLOUR)
    .setTitle("🤝 Pooling Resources: waiting for the other players")
    .setDescription(
      `<@${offer.userId}> asks to pool Resources. Nothing is rolled until every player named here accepts.`,
    )
    .addFields(
      { name: "Contributors", value: truncate(lines.join("\n"), EMBED_LIMITS.fieldValue) },
      {
        name: "Pool",
        value: `**${offer.view.pool.effectiveRating}**${lead ? ` (lead: ${userText(lead.name)})` : ""}`,
        inline: true,
      },
      { name: "Waiting for", value: mentions(offer.awaiting) || "—", inline: true },
      ...(offer.accepted.length
        ? [{ name: "Accepted", value: mentions(offer.accepted), inline: true }]
        : []),
    )
    .setFooter({
      text: `The offer lasts ${minutes} minutes. Decline calls it off (its proposer or a player it asks).`,
    });
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(customId(POOL_COMMAND, POOL_ACTIONS.accept, offerId))
      .setLabel("Accept")
      .setEmoji("🤝")
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(customId(POOL_COMMAND, POOL_ACTIONS.cancel, offerId))
      .setLabel("Decline")
      .setStyle(ButtonStyle.Secondary),
  );
  return { embeds: [embed], components: [row] };
}

/** An offer that ended without a roll: why, and that nothing changed. */
export function poolOfferClosedMessage(why: string): BaseMessageOptions {
  const embed = new EmbedBuilder()
    .setColor(CLOSED_COLOUR)
    .setTitle("🤝 Pooling Resources: not rolled")
    .setDescription(truncate(`${why} Nothing was rolled and nothing changed.`, 4000));
  return { content: "", embeds: [embed], components: [] };
}

export const POOL_OFFER_EXPIRED = `This offer has expired (offers last ${Math.round(POOL_OFFER_TTL_MS / 60_000)} minutes, and a restart of the bot ends them). Run \`/resources pool\` again.`;

export const POOL_OFFER_SETTLED =
  "This pool offer is over: it has been rolled or called off. Run `/resources pool` for a new one.";

export function poolCancelledBy(userId: string): string {
  return `<@${userId}> called the pool off.`;
}

/** "the players of **Ann**, **Ben**": whom the offer still waits for, by their Protagonists. */
function awaitedPlayers(offer: PoolOffer): string {
  const names = offer.view.contributors
    .filter((c) => offer.awaiting.includes(c.ownerId))
    .map((c) => `**${userText(c.name)}**`);
  return `the player${names.length === 1 ? "" : "s"} of ${names.join(", ")}`;
}

/** Refusals are private and show mentions as text: they name Protagonists instead. */
export function poolNotAsked(offer: PoolOffer): string {
  return `This offer waits for ${awaitedPlayers(offer)} to accept; it doesn't pool a Protagonist of yours.`;
}

export function poolAlreadyAccepted(offer: PoolOffer): string {
  return `You already accepted; the offer now waits for ${awaitedPlayers(offer)}.`;
}
