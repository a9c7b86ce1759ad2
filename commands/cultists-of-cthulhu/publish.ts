import { Routes, type Interaction } from "discord.js";
import type { HandlerContext } from "../../src/games/cultists-of-cthulhu/command.js";
import { inInstalledServer } from "../../src/core/discord/actor.js";
import { noMentions } from "../../src/core/discord/reply.js";
import {
  actionMessage,
  asPlayerView,
  asTableView,
  roleMessage,
  statusMessage,
  type GameMessage,
  type RenderContext,
  type RollOptions,
  type TableView,
} from "../../src/games/cultists-of-cthulhu/presentation/index.js";
import {
  isPrivateNotice,
  privateNoticeMessage,
  privatelyNotedMessage,
  serviceRefusalMessage,
} from "../../src/games/cultists-of-cthulhu/presentation/notices.js";
import {
  playerViewer,
  TABLE_VIEWER,
  viewFor,
  visibleFacts,
} from "../../src/games/cultists-of-cthulhu/rules/index.js";
import type {
  ActResult,
  LoadedGame,
  Table,
} from "../../src/games/cultists-of-cthulhu/services/game-service.js";
import { COMMAND_NAME } from "./definition.js";

/**
 * After the service answered: the refusal privately, or what the action did for the table, the
 * status message edited in place, and the private notices sent by direct message.
 */

type Guilded = Interaction & { guildId: string; channelId: string };

/** The channel's table, only in a server the bot has been added to (never a DM or a user install). */
export function tableOf(interaction: Interaction): Table | undefined {
  const { guildId, channelId } = interaction;
  if (guildId === null || channelId === null || !inInstalledServer(interaction)) return undefined;
  return { guildId, channelId };
}

/** The private answer where there is no table: the bot is not in this server (or a DM). */
export function needsServer(asker: string): GameMessage {
  return refusalFor({ ok: false, refusal: { code: "needs-server" }, game: null }, asker);
}

export function renderContext(game: LoadedGame): RenderContext {
  return {
    scope: { command: COMMAND_NAME, gameId: game.record.id, version: game.record.version },
    // Players show as mentions (which never ping): the bot keeps no names of its own.
    players: {},
    settings: game.settings,
    facts: game.facts,
  };
}

export function tableView(game: LoadedGame): TableView {
  return asTableView(viewFor(game.record.state, TABLE_VIEWER, game.settings));
}

export function roleFor(game: LoadedGame, player: string): GameMessage {
  const view = asPlayerView(viewFor(game.record.state, playerViewer(player), game.settings));
  return roleMessage(view, renderContext(game));
}

export function refusalFor(result: Extract<ActResult, { ok: false }>, asker: string): GameMessage {
  const game = result.game;
  const view = game && viewFor(game.record.state, playerViewer(asker), game.settings);
  return serviceRefusalMessage(result.refusal, asker, view, {}, game?.facts ?? []);
}

/** What the table reads about the action just taken; for private facts only, a note to the actor. */
export function announcement(
  result: Extract<ActResult, { ok: true }>,
  options: RollOptions = {},
): GameMessage {
  const { game, fresh } = result;
  const message = actionMessage(
    tableView(game),
    game.facts,
    fresh.length,
    renderContext(game),
    options,
  );
  return message ?? privatelyNotedMessage();
}

function body(message: GameMessage) {
  return {
    content: message.content ?? "",
    embeds: message.embeds,
    components: message.components,
    allowed_mentions: noMentions(),
  };
}

/** Per game, the status edit in flight: edits go out one at a time, in order. */
const statusEdits = new Map<string, Promise<void>>();

/**
 * Edits the stored status message in place, from the game as it is when the edit goes out:
 * edits of concurrent actions can't land out of order and leave an older table showing. A
 * status the bot can no longer reach is only logged.
 */
export function refreshStatus(
  interaction: Guilded,
  context: HandlerContext,
  game: LoadedGame,
): Promise<void> {
  const table = { guildId: game.record.guildId, channelId: game.record.channelId };
  const previous = statusEdits.get(game.record.id) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(async () => {
      const now = await context.services.cultists.read(table);
      const messageId = now?.record.statusMessageId;
      if (!now || now.record.id !== game.record.id || !messageId) return;
      try {
        await interaction.client.rest.patch(
          Routes.channelMessage(now.record.channelId, messageId),
          {
            body: body(statusMessage(tableView(now), renderContext(now))),
          },
        );
      } catch (error) {
        context.log.warn({ err: error }, "could not edit the Cultists of Cthulhu status message");
      }
    });
  statusEdits.set(game.record.id, next);
  next
    .finally(() => {
      if (statusEdits.get(game.record.id) === next) statusEdits.delete(game.record.id);
    })
    .catch(() => undefined);
  return next;
}

/** Discord's "Cannot send messages to this user": their direct messages are closed to the bot. */
const DMS_CLOSED = 50007;

/**
 * Sends each private notice of the action to its player by direct message. Their role view
 * shows the same whether or not the message arrives; nothing public depends on it.
 */
export async function sendPrivateNotices(
  interaction: Guilded,
  context: HandlerContext,
  result: Extract<ActResult, { ok: true }>,
): Promise<void> {
  const { game, fresh } = result;
  const ended = game.record.state.phase === "ended";
  for (const fact of fresh) {
    if (!isPrivateNotice(fact) || fact.visibility.to !== "players") continue;
    for (const player of fact.visibility.players) {
      const seen = visibleFacts([fact], playerViewer(player), ended);
      if (seen.length === 0) continue;
      const view = viewFor(game.record.state, playerViewer(player), game.settings);
      const message = privateNoticeMessage(fact, view, {}, game.facts, game.record.channelId);
      try {
        const channel = (await interaction.client.rest.post(Routes.userChannels(), {
          body: { recipient_id: player },
        })) as { id: string };
        await interaction.client.rest.post(Routes.channelMessages(channel.id), {
          body: body(message),
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // Which player was told, and why, stays out of the logs: only that a notice did not go.
        if (code === DMS_CLOSED)
          context.log.info("a private notice could not be sent: direct messages closed");
        else context.log.warn({ err: error }, "a private notice could not be sent");
      }
    }
  }
}

/** Everything after an accepted action that is not its answer. */
export async function afterAction(
  interaction: Guilded,
  context: HandlerContext,
  result: Extract<ActResult, { ok: true }>,
): Promise<void> {
  await Promise.all([
    refreshStatus(interaction, context, result.game),
    sendPrivateNotices(interaction, context, result),
  ]);
}

export function guilded(interaction: Interaction): Guilded | undefined {
  return interaction.guildId !== null && interaction.channelId !== null
    ? (interaction as Guilded)
    : undefined;
}
