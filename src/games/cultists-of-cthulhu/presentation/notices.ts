import type { Fact, GameView } from "../rules/index.js";
import type { ServiceRefusal } from "../services/game-service.js";
import { EMBED_COLOUR, message, type GameMessage } from "./messages.js";
import { namesFor, type PlayerNames } from "./names.js";
import { refusalMessage } from "./refusal-message.js";
import { bold, userName } from "./text.js";
import { STAGE_NAME } from "./words.js";

/**
 * What the bot says beside the rules' own messages: the service's refusals, the private notices
 * sent by direct message, and short confirmations.
 */

const SHOWN_WORDS = {
  deal: "The roles are dealt: undoing the deal would let them be dealt again.",
  reveal: "A secret has been shown to the table (a reveal): it cannot be taken back.",
  end: "The game is over and every role has been shown: it cannot be taken back.",
} as const;

function note(text: string, colour: number, ephemeral: boolean): GameMessage {
  return message({ embeds: [{ color: colour, description: text }] }, ephemeral);
}

/** A refusal of the rules or of the service, privately, in the game's words. */
export function serviceRefusalMessage(
  refusal: ServiceRefusal,
  asker: string,
  view: GameView | null,
  players: PlayerNames,
  facts: readonly Fact[] = [],
): GameMessage {
  switch (refusal.code) {
    case "other-game":
      return note(
        "⛔ That message belongs to another game of this channel: use the latest status message.",
        EMBED_COLOUR.refusal,
        true,
      );
    case "nothing-to-undo":
      return note(
        "⛔ There is nothing to undo: the game is as it was opened.",
        EMBED_COLOUR.refusal,
        true,
      );
    case "secret-shown":
      return note(
        `⛔ ${SHOWN_WORDS[refusal.shown]} Undo never goes back past a secret once it is out.`,
        EMBED_COLOUR.refusal,
        true,
      );
    case "needs-server":
      return note(
        "⛔ Cultists of Cthulhu is played in a channel of a server the bot has been added to: it keeps the game, the secret roles and the dice there. Ask the server's admins to add the bot, then open a game in one of its channels.",
        EMBED_COLOUR.refusal,
        true,
      );
    case "no-saved-character":
      return note(
        `⛔ You have no saved character called ${bold(userName(refusal.name))} in this server. Save one with its sheet first, or pick one the list offers.`,
        EMBED_COLOUR.refusal,
        true,
      );
    default:
      return refusalMessage(refusal, asker, view, players, facts);
  }
}

/** Which of an action's facts are private notices to a player (sent by direct message too). */
export function isPrivateNotice(
  fact: Fact,
): fact is Extract<
  Fact,
  { type: "cultist-may-reveal" | "cultist-must-reveal" | "madness-stage-entered" }
> {
  return (
    fact.type === "cultist-may-reveal" ||
    fact.type === "cultist-must-reveal" ||
    fact.type === "madness-stage-entered"
  );
}

/**
 * A private notice as a direct message: where it comes from and what to do. It names no other
 * player's secret; the reveal itself happens from the role view in the channel.
 */
export function privateNoticeMessage(
  fact: Extract<
    Fact,
    { type: "cultist-may-reveal" | "cultist-must-reveal" | "madness-stage-entered" }
  >,
  view: GameView,
  players: PlayerNames,
  facts: readonly Fact[],
  channelId: string,
): GameMessage {
  const where = `your game of ${bold(userName(view.scenario))} in <#${channelId}>`;
  const roleButton = "press “My role” on the status message there";
  switch (fact.type) {
    case "cultist-may-reveal":
      return note(
        `🌌 The stars have reached ${fact.number} in ${where}: you may reveal yourself as the Cultist whenever you choose — ${roleButton}. Nobody else has been told.`,
        EMBED_COLOUR.danger,
        false,
      );
    case "cultist-must-reveal":
      return note(
        `🌌 The stars have reached ${fact.number} in ${where}: you must reveal now, and play waits until you do — ${roleButton} and choose which character dies and which becomes the Cultist.`,
        EMBED_COLOUR.danger,
        false,
      );
    case "madness-stage-entered": {
      const names = namesFor(view, players, facts);
      return note(
        `🧠 ${bold(names.combatant(fact.character))} entered Madness ${STAGE_NAME[fact.stage]} in ${where}: ${roleButton} to read what your Madness does now.`,
        EMBED_COLOUR.private,
        false,
      );
    }
  }
}

export function undoneMessage(): GameMessage {
  return note(
    "↩️ The host undid the last action: the table is as it was before it.",
    EMBED_COLOUR.table,
    false,
  );
}

export function characterSavedMessage(name: string): GameMessage {
  return note(
    `💾 Saved ${bold(userName(name))} for this server: enter it in any game here with the character load command.`,
    EMBED_COLOUR.private,
    true,
  );
}

/** The answer to an action whose facts are all private (e.g. an Academic card the host typed). */
export function privatelyNotedMessage(): GameMessage {
  return note("✅ Noted — only you can see this.", EMBED_COLOUR.private, true);
}

export function statusPostedMessage(): GameMessage {
  return note("📌 The status message is below.", EMBED_COLOUR.table, true);
}
