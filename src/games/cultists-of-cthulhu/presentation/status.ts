import { ButtonStyle, type APIEmbed, type APIEmbedField } from "discord.js";
import { characterFields, groundText, monstersText } from "./board.js";
import type { RenderContext } from "./context.js";
import { componentId } from "./custom-ids.js";
import { gameEndMessage } from "./game-end.js";
import { lobbyMessage } from "./lobby.js";
import { button, buttonRows, EMBED_COLOUR, message, type GameMessage } from "./messages.js";
import { namesFor, type Names } from "./names.js";
import { cultistActed, goalsText, publicRolesText } from "./public-roles.js";
import { starCardsText, starChartText } from "./star-chart.js";
import { bold, userName } from "./text.js";
import { waitingCheck } from "../rules/rolls.js";
import type { TableView } from "./views.js";
import { MODE_NAME, PHASE_NAME, rolledName } from "./words.js";

/**
 * The table's status message, edited in place through the game: the lobby while players gather,
 * the board while they play, every role once it is over. Rendered from the table's view only.
 */
export function statusMessage(view: TableView, ctx: RenderContext): GameMessage {
  if (view.phase === "lobby" || view.phase === "setup") return lobbyMessage(view, ctx);
  if (view.phase === "ended") return gameEndMessage(view, ctx);
  const names = namesFor(view, ctx.players, ctx.facts);
  const fields: APIEmbedField[] = [
    { name: "Star Chart", value: starChartText(view, ctx.settings) },
    { name: "Star Cards in play", value: starCardsText(view) },
    { name: "Goals", value: goalsText(view, ctx.settings), inline: true },
    { name: "Roles", value: publicRolesText(view, names, ctx.settings) },
    { name: "Monsters", value: monstersText(view, names) },
    { name: "On the ground", value: groundText(view, names) },
  ];
  const table: APIEmbed = {
    color: EMBED_COLOUR.table,
    title: `🕯️ ${userName(view.scenario)} — Round ${view.round}`,
    description: turnLines(view, names).join("\n"),
    fields,
  };
  const characters: APIEmbed = {
    color: EMBED_COLOUR.table,
    title: "Characters",
    fields: characterFields(view, names),
    footer: {
      text: `${PHASE_NAME[view.phase]}${view.mode === null ? "" : ` · a game for ${MODE_NAME[view.mode]}`}`,
    },
  };
  const roleButton = button(
    componentId(ctx.scope, "role"),
    "My role (only you see it)",
    ButtonStyle.Secondary,
    {
      emoji: "🔒",
    },
  );
  return message({ embeds: [table, characters], components: buttonRows([roleButton]) });
}

function turnLines(view: TableView, names: Names): string[] {
  const lines: string[] = [];
  const turn = view.turn;
  const acted = cultistActed(view);
  if (turn?.kind === "player") {
    const who = bold(names.player(turn.player));
    const events = acted
      ? "an Event if the reminder below allows"
      : "draw an Event for where you stand";
    const actions = view.mode === "table" ? "two actions" : "two actions with each character";
    lines.push(`▶️ ${who}'s turn: ${events}, then ${actions}.`);
  } else if (turn?.kind === "university") {
    const who = bold(names.player(turn.player));
    if (!turn.starCardPlayed) {
      lines.push(
        view.mode === "solo"
          ? `🌌 University Turn: ${who} plays the top Star Card.`
          : `🌌 University Turn: ${who} draws two Star Cards, plays one and shuffles the other back unseen.`,
      );
    } else {
      const mover = acted ? "the Cultist moves them" : "the Starting Player rolls for them";
      lines.push(
        `🌌 University Turn: the Star Card is played. Each monster moves its Speed toward the closest character and attacks one it reaches (${mover}); then ${who} ends the University Turn.`,
      );
    }
  }
  if (view.startingPlayer !== null && view.mode !== "solo") {
    lines.push(`Starting Player: ${bold(names.player(view.startingPlayer))} (breaks ties)`);
  }
  if (view.roles.awaitingReveal) {
    lines.push("⏳ The stars have aligned for a Cultist: play waits for their reveal.");
  }
  if (acted) lines.push("🕯️ Cultists draw no Events; Academics may choose to.");
  const pending = pendingLine(view, names);
  if (pending) lines.push(pending);
  return lines;
}

function pendingLine(view: TableView, names: Names): string | null {
  const pending = view.pending;
  if (!pending) return null;
  if (pending.kind === "steal" && pending.succeeded === true) {
    return `🫳 ${bold(names.combatant(pending.thief))} stole from ${bold(names.combatant(pending.target))} and chooses what to take.`;
  }
  const check = waitingCheck(pending);
  if (!check) return null;
  return `🎲 ${bold(names.combatant(check.roller))}'s ${rolledName(check.ability)} roll waits for its reroll or keep.`;
}
