import type { APIEmbedField } from "discord.js";
import type { Disclosure, RoleCard } from "../rules/index.js";
import { cardLine, madnessLines } from "./cards.js";
import type { RenderContext } from "./context.js";
import { DISCORD_LIMITS, joinLines } from "./limits.js";
import { EMBED_COLOUR, message, type GameMessage } from "./messages.js";
import { namesFor, type Names } from "./names.js";
import { goalsText } from "./public-roles.js";
import { bold, listOf, userName } from "./text.js";
import type { TableView } from "./views.js";
import { WIN_REASON_TEXT } from "./words.js";

/**
 * The end of the game: who won and why, and every Role card, now that nothing is secret (the
 * table's view discloses them once the game has ended).
 */
export function gameEndMessage(view: TableView, ctx: RenderContext): GameMessage {
  const names = namesFor(view, ctx.players, ctx.facts);
  const result = view.result;
  const winners =
    result && result.winners.length > 0
      ? `Winners: ${listOf(result.winners.map((w) => bold(names.player(w))))}.`
      : "";
  const disclosure = view.roles.disclosure;
  const fields: APIEmbedField[] = disclosure ? disclosureFields(disclosure, view, names) : [];
  fields.push({ name: "Goals", value: goalsText(view, ctx.settings), inline: true });
  fields.push({ name: "Characters", value: fates(view, names), inline: true });
  return message({
    embeds: [
      {
        color: EMBED_COLOUR.good,
        title: `🏁 ${userName(view.scenario)} — the game is over`,
        description: [
          result ? WIN_REASON_TEXT[result.reason] : "",
          winners,
          `The Star Chart reached ${view.stars}.`,
        ]
          .filter((line) => line !== "")
          .join("\n"),
        fields,
      },
    ],
  });
}

function fullCard(card: RoleCard): string {
  return card.kind === "cultist"
    ? cardLine(card, 200)
    : `Academic — ${madnessLines(card.madness, null, 120).join("; ")}`;
}

function disclosureFields(d: Disclosure, view: TableView, names: Names): APIEmbedField[] {
  const fields: APIEmbedField[] = [];
  const hands = Object.entries(d.hands).map(
    ([player, card]) => `${bold(names.player(player))}: ${fullCard(card)}`,
  );
  const characters = Object.entries(d.characterCards).map(
    ([character, card]) => `${bold(names.combatant(character))}: ${fullCard(card)}`,
  );
  const dealt = [...hands, ...characters];
  if (dealt.length > 0) {
    fields.push({ name: "Every role", value: joinLines(dealt, DISCORD_LIMITS.fieldValue) });
  }
  const others: string[] = [];
  if (d.faceUp) others.push(`Face up: ${fullCard(d.faceUp)}`);
  if (d.row.length > 0)
    others.push(`The row: ${d.row.map((card) => cardLine(card, 60)).join(" · ")}`);
  if (d.discarded.length > 0) {
    others.push(`Discarded unseen: ${d.discarded.map((card) => cardLine(card, 60)).join(" · ")}`);
  }
  if (d.unused.length > 0) {
    others.push(`Left in the box: ${d.unused.map((card) => cardLine(card, 60)).join(" · ")}`);
  }
  if (d.setAside !== null) others.push(`Set aside: ${bold(names.combatant(d.setAside))}`);
  if (view.roles.revealed.length === 0 && view.roles.activated === null && view.mode !== "solo") {
    others.push("No Cultist revealed.");
  }
  if (others.length > 0) {
    fields.push({ name: "The other cards", value: joinLines(others, DISCORD_LIMITS.fieldValue) });
  }
  return fields;
}

function fates(view: TableView, names: Names): string {
  const lines = view.characters.map(
    (c) => `${c.dead ? "💀" : "🫀"} ${bold(names.combatant(c.id))}`,
  );
  return joinLines(lines.length > 0 ? lines : ["None."], DISCORD_LIMITS.fieldValue);
}
