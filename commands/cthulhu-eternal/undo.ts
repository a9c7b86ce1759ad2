import { InteractionContextType, SlashCommandBuilder, type BaseMessageOptions } from "discord.js";
import {
  eternalUserMessageOf,
  isRefusal,
} from "../../src/games/cthulhu-eternal/presentation/refusals.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { CommandModule, HandlerContext } from "../../src/games/cthulhu-eternal/command.js";
import { truncate } from "../../src/core/discord/format.js";
import { assertRequester } from "../../src/games/cthulhu-eternal/presentation/requester-only.js";
import {
  eventIdTyped,
  undoAnnouncement,
  undoChoices,
  undoCancelledMessage,
  undoneBackMessage,
  undoneMessage,
  undoPromptMessage,
  undoRefusedMessage,
} from "../../src/games/cthulhu-eternal/presentation/undo-prompt.js";
import { logLines } from "../../src/games/cthulhu-eternal/extras/presentation.js";
import type { EventLineOf } from "../../src/games/cthulhu-eternal/presentation/event-lines.js";
import { undoRefusalMessage } from "../../src/games/cthulhu-eternal/presentation/undo-refusals.js";
import type { UndoResult } from "../../src/games/cthulhu-eternal/services/history-service.js";
import { isUndoRefusedError } from "../../src/games/cthulhu-eternal/services/undo-policy.js";

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
  writes: { components: ["confirm", "back"] },
  // The prompt and its buttons are the requester's; the table sees the confirmed undo.
  ephemeral: true,
  execute: async (interaction, { reply, services }) => {
    let preview;
    try {
      preview = await services.historyBrowsing.undoPreview({
        actor: actorFrom(interaction),
        eventId: interaction.options.getInteger("event"),
      });
    } catch (error) {
      if (!isUndoRefusedError(error) || error.refusal.kind !== "blocked") throw error;
      // A blocked undo lists its whole chain, with "Undo back to" when the requester may.
      return reply.send(
        undoRefusalMessage(error.refusal, interaction.user.id, logLines(services.extras.modules)),
      );
    }
    await reply.send(
      undoPromptMessage(preview, interaction.user.id, logLines(services.extras.modules)),
    );
  },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name !== "event") return [];
    let entries;
    try {
      entries = await services.historyBrowsing.undoable({
        actor: actorFrom(interaction),
        eventId: eventIdTyped(focused.value),
      });
    } catch (error) {
      if (isRefusal(error)) return [];
      throw error;
    }
    return undoChoices(entries, focused.value, logLines(services.extras.modules));
  },
  buttons: {
    /** Args: requester, event id. The service checks everything again, so a stale prompt is safe. */
    confirm: async (interaction, { reply, services, args }) => {
      const [requesterId, eventText = ""] = args;
      assertRequester(interaction, requesterId, "undo");
      const lineOf = logLines(services.extras.modules);
      let result;
      try {
        result = await services.history.undo({
          actor: actorFrom(interaction),
          eventId: Number(eventText),
        });
      } catch (error) {
        return reply.edit(refusedPrompt(error, eventText, interaction.user.id, lineOf));
      }
      await reply.edit(undoneMessage(result, lineOf));
      await announce(reply, [result], interaction.user.id, lineOf);
    },
    /** Args: requester, event id, the chain's newest id and length as shown (a changed chain is refused). */
    back: async (interaction, { reply, services, args }) => {
      const [requesterId, eventText = "", newestText = "", sizeText = ""] = args;
      assertRequester(interaction, requesterId, "undo");
      const lineOf = logLines(services.extras.modules);
      let results;
      try {
        results = await services.history.undoBackTo({
          actor: actorFrom(interaction),
          eventId: Number(eventText),
          newestId: Number(newestText),
          size: Number(sizeText),
        });
      } catch (error) {
        return reply.edit(refusedPrompt(error, eventText, interaction.user.id, lineOf));
      }
      await reply.edit(undoneBackMessage(results, lineOf));
      await announce(reply, results, interaction.user.id, lineOf);
    },
    cancel: async (interaction, { reply, args }) => {
      const [requesterId, eventText = ""] = args;
      assertRequester(interaction, requesterId, "undo");
      await reply.edit(undoCancelledMessage(eventText));
    },
  },
};

/** The table hears of an undo only when it may read what was undone; one line per change. */
async function announce(
  reply: HandlerContext["reply"],
  results: readonly UndoResult[],
  userId: string,
  lineOf: EventLineOf,
): Promise<void> {
  const lines = results.flatMap((r) =>
    r.publicFact === null ? [] : [undoAnnouncement(r.undoneEventId, r.publicFact, userId, lineOf)],
  );
  if (lines.length)
    await reply.send({ content: truncate(lines.join("\n"), 2000), ephemeral: false });
}

/** A refused confirm, shown on the private prompt itself (with "Undo back to" when it applies). */
function refusedPrompt(
  error: unknown,
  eventText: string,
  userId: string,
  lineOf: EventLineOf,
): BaseMessageOptions {
  if (isUndoRefusedError(error)) return undoRefusalMessage(error.refusal, userId, lineOf);
  const why = eternalUserMessageOf(error);
  if (why === undefined) throw error;
  return undoRefusedMessage(eventText, why);
}
