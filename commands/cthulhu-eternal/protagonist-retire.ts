/** `/protagonist retire`: asks first, with buttons only the asker may press, for 15 minutes. */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { ComponentContext, HandlerContext } from "../../src/games/cthulhu-eternal/command.js";
import { PROTAGONIST_COMMAND } from "../../src/games/cthulhu-eternal/creation/session.js";
import { customId } from "../../src/core/discord/custom-id.js";
import { truncate, userText } from "../../src/core/discord/format.js";
import { protagonistIdOption } from "../../src/games/cthulhu-eternal/discord/protagonist-option.js";
import { UserError } from "../../src/core/discord/user-facing-error.js";

export const RETIRE_ACTION = { confirm: "retire", keep: "keep" } as const;
/** How long the confirmation buttons work. */
export const RETIRE_CONFIRM_MS = 15 * 60 * 1000;

const NOT_YOURS = "These buttons belong to whoever ran `/protagonist retire`.";

export async function retireProtagonist(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const { protagonist, canEdit } = await services.protagonists.get({
    actor,
    protagonistId: await protagonistIdOption(interaction, services, actor),
  });
  const name = userText(protagonist.name);
  if (!canEdit) {
    throw new UserError(`**${name}** is not yours. Only the player or a GM can retire them.`);
  }
  if (protagonist.status !== "active")
    throw new UserError(`**${name}** is already ${protagonist.status}.`);
  const expires = (Date.now() + RETIRE_CONFIRM_MS).toString(36);
  await reply.send({
    content: `Retire **${name}**? They leave play: commands stop acting on them and they leave everyone's selection. A GM can undo it.`,
    components: [
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(
            customId(
              PROTAGONIST_COMMAND,
              RETIRE_ACTION.confirm,
              protagonist.id,
              actor.userId,
              expires,
            ),
          )
          .setLabel(truncate(`Retire ${protagonist.name}`, 80))
          .setStyle(ButtonStyle.Danger),
        new ButtonBuilder()
          .setCustomId(customId(PROTAGONIST_COMMAND, RETIRE_ACTION.keep, actor.userId))
          .setLabel("Keep playing")
          .setStyle(ButtonStyle.Secondary),
      ),
    ],
  });
}

export async function retireConfirmed(
  interaction: ButtonInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const [protagonistId = "", askerId = "", expires = "0"] = args;
  if (interaction.user.id !== askerId) {
    await reply.send({ content: NOT_YOURS, ephemeral: true });
    return;
  }
  if (Date.now() > parseInt(expires, 36)) {
    await reply.edit({
      content: "This confirmation expired. Run `/protagonist retire` again.",
      components: [],
    });
    return;
  }
  const result = await services.protagonists.retire({
    actor: actorFrom(interaction),
    protagonistId,
  });
  const name = userText(result.protagonist.name);
  await reply.edit({ content: `**${name}** is retired.`, components: [] });
  await reply.send({ content: `🕯️ **${name}** retires from play.`, ephemeral: false });
}

export async function retireCancelled(
  interaction: ButtonInteraction,
  { reply, args }: ComponentContext,
): Promise<void> {
  if (interaction.user.id !== args[0]) {
    await reply.send({ content: NOT_YOURS, ephemeral: true });
    return;
  }
  await reply.edit({ content: "Nothing changed.", components: [] });
}
