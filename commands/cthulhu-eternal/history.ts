import { logLines } from "../../src/games/cthulhu-eternal/extras/presentation.js";
import {
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
  type BaseInteraction,
  type ButtonInteraction,
} from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { CommandModule, ComponentHandler } from "../../src/games/cthulhu-eternal/command.js";
import { protagonistChoices } from "../../src/games/cthulhu-eternal/presentation/autocomplete.js";
import {
  historyMessage,
  WHOLE_CAMPAIGN,
  type HistoryPaging,
} from "../../src/games/cthulhu-eternal/presentation/history-page.js";
import { assertRequester } from "../../src/games/cthulhu-eternal/presentation/requester-only.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import type { HistoryPage } from "../../src/games/cthulhu-eternal/services/history-service.js";

const definition = new SlashCommandBuilder()
  .setName("history")
  .setDescription("What happened: the campaign's log, or one Protagonist's, newest first.")
  .setContexts(InteractionContextType.Guild)
  .addStringOption((option) =>
    option
      .setName("protagonist")
      .setDescription("Only this Protagonist's events (default: the whole campaign)")
      .setAutocomplete(true),
  )
  .addBooleanOption((option) =>
    option
      .setName("public")
      .setDescription("Post it for the table, without secret rolls (default: only you see it)"),
  );

/** The heading: the Protagonist's name, or the campaign's. */
async function subjectOf(
  services: BotServices,
  interaction: BaseInteraction,
  protagonistId: string | null,
): Promise<string> {
  const actor = actorFrom(interaction);
  if (protagonistId) {
    return (await services.protagonists.get({ actor, protagonistId })).protagonist.name;
  }
  return (await services.campaigns.current({ actor })).name;
}

async function render(
  services: BotServices,
  interaction: BaseInteraction,
  paging: HistoryPaging,
  page: HistoryPage,
  hasNewer: boolean,
) {
  return historyMessage(
    {
      subject: await subjectOf(services, interaction, paging.protagonistId),
      entries: page.entries,
      olderCursor: page.nextBeforeId,
      hasNewer,
    },
    paging,
    logLines(services.extras.modules),
  );
}

/** Older and Newer: args are the requester, the Protagonist (or "-") and the cursor id. */
function pager(direction: "older" | "newer"): ComponentHandler<ButtonInteraction> {
  return async (interaction, { reply, services, args }) => {
    const [requesterId, protagonist, cursorText] = args;
    assertRequester(interaction, requesterId, "history");
    const actor = actorFrom(interaction);
    const protagonistId =
      protagonist === undefined || protagonist === WHOLE_CAMPAIGN ? null : protagonist;
    const cursor = Number(cursorText);
    const paging = { requesterId: interaction.user.id, protagonistId };
    // A page posted for the table stays one: it lists only what everyone may see.
    const audience = interaction.message.flags.has(MessageFlags.Ephemeral) ? "private" : "public";
    if (direction === "older") {
      const page = await services.history.history({
        actor,
        protagonistId,
        beforeId: cursor,
        audience,
      });
      // Arriving from a newer page, there is always one to go back to.
      return reply.edit(await render(services, interaction, paging, page, true));
    }
    const page = await services.historyBrowsing.historyNewer({
      actor,
      protagonistId,
      afterId: cursor,
      audience,
    });
    return reply.edit(await render(services, interaction, paging, page, page.hasNewer));
  };
}

export const historyCommand: CommandModule = {
  definition,
  // Private by default: paging through the log is a lookup, and its buttons would clutter the
  // channel; `public: true` posts it for the table.
  ephemeral: (interaction) => !(interaction.options.getBoolean("public") ?? false),
  execute: async (interaction, { reply, services }) => {
    const actor = actorFrom(interaction);
    const protagonistId = interaction.options.getString("protagonist");
    const audience = (interaction.options.getBoolean("public") ?? false) ? "public" : "private";
    const page = await services.history.history({ actor, protagonistId, audience });
    const paging = { requesterId: interaction.user.id, protagonistId };
    await reply.send(await render(services, interaction, paging, page, false));
  },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name !== "protagonist") return [];
    return protagonistChoices(interaction, services, focused.value);
  },
  buttons: { older: pager("older"), newer: pager("newer") },
};
