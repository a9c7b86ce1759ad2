import { InteractionContextType, SlashCommandBuilder } from "discord.js";
import { actorFrom } from "../src/bot/actor.js";
import type { CommandModule } from "../src/bot/command.js";
import { truncate } from "../src/bot/format.js";
import { assertRequester } from "../src/bot/presentation/requester-only.js";
import {
  undoAnnouncement,
  undoCancelledMessage,
  undoneMessage,
  undoPromptMessage,
  undoRefusedMessage,
} from "../src/bot/presentation/undo-prompt.js";
import { isUserFacingError, userMessageOf } from "../src/bot/user-facing-error.js";
import { readableSummary } from "../src/bot/presentation/logged-words.js";

const definition = new SlashCommandBuilder()
  .setName("undo")
  .setDescription("Undo your last change (a GM may pick any change of the campaign).")
  .setContexts(InteractionContextType.Guild)
  .addIntegerOption((option) =>
    option
      .setName("event")
      .setDescription("Which change (default: your latest); type to search")
      .setMinValue(1)
      .setAutocomplete(true),
  );

export const undoCommand: CommandModule = {
  definition,
  // The command only previews; Confirm undoes.
  writes: { components: ["confirm"] },
  // The prompt and its buttons are the requester's; the table sees the confirmed undo.
  ephemeral: true,
  execute: async (interaction, { reply, services }) => {
    const preview = await services.historyBrowsing.undoPreview({
      actor: actorFrom(interaction),
      eventId: interaction.options.getInteger("event"),
    });
    await reply.send(undoPromptMessage(preview, interaction.user.id));
  },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name !== "event") return [];
    let entries;
    try {
      entries = await services.historyBrowsing.undoable({
        actor: actorFrom(interaction),
        query: focused.value,
      });
    } catch (error) {
      if (isUserFacingError(error)) return [];
      throw error;
    }
    return entries.map((entry) => ({
      name: truncate(`#${entry.id} · ${readableSummary(entry.summary)}`, 100),
      value: entry.id,
    }));
  },
  buttons: {
    /** Args: requester, event id. The service checks everything again, so a stale prompt is safe. */
    confirm: async (interaction, { reply, services, args }) => {
      const [requesterId, eventText = ""] = args;
      assertRequester(interaction, requesterId, "undo");
      let result;
      try {
        result = await services.history.undo({
          actor: actorFrom(interaction),
          eventId: Number(eventText),
        });
      } catch (error) {
        const why = userMessageOf(error);
        if (why === undefined) throw error;
        // Shown on the private prompt itself, which loses its buttons.
        return reply.edit(undoRefusedMessage(eventText, why));
      }
      await reply.edit(undoneMessage(result));
      // The table hears of an undo only when it may read what was undone.
      if (result.publicSummary !== null) {
        await reply.send({
          content: undoAnnouncement(
            result.undoneEventId,
            result.publicSummary,
            interaction.user.id,
          ),
          ephemeral: false,
        });
      }
    },
    cancel: async (interaction, { reply, args }) => {
      const [requesterId, eventText = ""] = args;
      assertRequester(interaction, requesterId, "undo");
      await reply.edit(undoCancelledMessage(eventText));
    },
  },
};
