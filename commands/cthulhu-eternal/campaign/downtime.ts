import { sheetChangeText } from "../../../src/games/cthulhu-eternal/presentation/sheet-change-text.js";
import { EmbedBuilder, type ChatInputCommandInteraction } from "discord.js";
import { actorFrom } from "../../../src/core/discord/actor.js";
import type { HandlerContext } from "../../../src/games/cthulhu-eternal/command.js";
import { EMBED_LIMITS, truncate, userText } from "../../../src/core/discord/format.js";
import { boxes } from "../../../src/games/cthulhu-eternal/presentation/percentile-format.js";
import { recoveryText } from "../../../src/games/cthulhu-eternal/presentation/sanity-reasons.js";
import { UserError } from "../../../src/core/discord/user-facing-error.js";

export const DOWNTIME_COLOUR = 0x3498db;

function downtimeEmbed(title: string, description: string): EmbedBuilder {
  return new EmbedBuilder()
    .setColor(DOWNTIME_COLOUR)
    .setTitle(truncate(title, EMBED_LIMITS.title))
    .setDescription(truncate(description, EMBED_LIMITS.description));
}

/** Every checked Resources box of the campaign's active Protagonists is cleared. */
export async function replenishResources(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const outcome = await services.resources.replenish({ actor: actorFrom(interaction) });
  const lines = outcome.replenished.map(
    ({ protagonist, result, status }) =>
      `**${userText(protagonist.name)}**: ${boxes(result.checkedBefore, status.checkBoxes)} → ${boxes(status.checked, status.checkBoxes)}`,
  );
  await reply.send({
    embeds: [
      downtimeEmbed(
        "🛠️ Downtime: Resources replenished",
        lines.length ? lines.join("\n") : "No Resources box was checked: nothing to replenish.",
      ),
    ],
  });
}

export async function improveBond(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const outcome = await services.bonds.improve({
    actor: actorFrom(interaction),
    protagonistId: interaction.options.getString("protagonist", true),
    bondId: interaction.options.getString("bond", true),
    amount: interaction.options.getInteger("amount", true),
  });
  const { change } = outcome;
  const cap = outcome.capped
    ? `\nOnly +${outcome.gained} of +${outcome.requested}: a Bond never goes above ${outcome.bond.max}.`
    : "";
  await reply.send({
    embeds: [
      downtimeEmbed(
        `🤝 ${userText(outcome.protagonist.name)}: Bond cultivated`,
        `“${userText(change.name)}” ${change.before} → **${change.after}**${cap}`,
      ),
    ],
  });
}

export async function recoverSanity(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const { protagonist, result } = await services.downtime.recoverSan({
    actor: actorFrom(interaction),
    protagonistId: interaction.options.getString("protagonist", true),
    amount: interaction.options.getInteger("amount", true),
  });
  await reply.send({
    embeds: [
      downtimeEmbed(
        `🌅 ${userText(protagonist.name)} recovers`,
        `SAN ${result.san.before} → **${result.san.after}** (Recovery SAN ${result.recoverySan})\n${recoveryText(result)}`,
      ),
    ],
  });
}

/**
 * Names a disorder (typically the one a breaking point left for the GM to name), cures it, or
 * erases a cured one to make room on a full sheet.
 */
export async function changeDisorder(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const disorderId = interaction.options.getString("disorder", true);
  const name = interaction.options.getString("name");
  const cure = interaction.options.getBoolean("cure") ?? false;
  const erase = interaction.options.getBoolean("erase") ?? false;
  if ([name !== null, cure, erase].filter(Boolean).length !== 1) {
    throw new UserError(
      "Name the disorder (`name:Insomnia`), cure it (`cure:True`) or erase a cured one (`erase:True`), one at a time.",
    );
  }
  const { protagonist, changes } = await services.protagonists.edit({
    actor: actorFrom(interaction),
    protagonistId: interaction.options.getString("protagonist", true),
    patch: {
      disorders:
        name !== null
          ? { rename: [{ id: disorderId, name }] }
          : cure
            ? { cure: [disorderId] }
            : { erase: [disorderId] },
    },
  });
  const done = name !== null ? "disorder named" : cure ? "disorder cured" : "disorder erased";
  await reply.send({
    embeds: [
      downtimeEmbed(
        `🧠 ${userText(protagonist.name)}: ${done}`,
        changes.map((change) => `• ${userText(sheetChangeText(change), 400)}`).join("\n"),
      ),
    ],
  });
}
