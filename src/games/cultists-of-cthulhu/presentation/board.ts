import type { APIEmbedField } from "discord.js";
import {
  ABILITIES,
  type CharacterView,
  type CombatantId,
  type GameView,
  type Item,
} from "../rules/index.js";
import { colourDice } from "./dice.js";
import { DISCORD_LIMITS, joinLines } from "./limits.js";
import type { Names } from "./names.js";
import { bold, userName } from "./text.js";
import { ABILITY_NAME, piecesText, STAGE_NAME, woundTokenText } from "./words.js";

/**
 * What is on the board, as public fields: each character's sheet now, the monsters, and what
 * lies on the ground. Everything here is public in every view (the Role cards are not read).
 */

function handsText(item: Item): string {
  return item.hands === 0 ? "" : item.hands === 1 ? ", one hand" : ", two hands";
}

function itemText(item: Item): string {
  const kind = item.kind === "artefact" ? "Artefact" : "Item";
  return `${bold(userName(item.name))} (${kind}${handsText(item)})`;
}

/** What a character or monster carries: items, and Elder Sign pieces or a complete sign. */
export function carried(view: GameView, holder: CombatantId): string | null {
  const things = view.items.filter((item) => item.holder === holder).map(itemText);
  const pieces = view.elderSign.held[holder];
  if (view.elderSign.complete.includes(holder)) things.push("✴️ a complete Elder Sign");
  else if (pieces) things.push(`✴️ Elder Sign: ${piecesText(pieces)}`);
  return things.length > 0 ? things.join(", ") : null;
}

function horrorText(c: CharacterView): string {
  const { stage2, stage3, end } = c.sheet.horror;
  const next = c.stage === 1 ? ` (2 at ${stage2})` : c.stage === 2 ? ` (3 at ${stage3})` : "";
  return `😱 Horror ${c.horror}/${end} · ${STAGE_NAME[c.stage]}${next}`;
}

function characterValue(view: GameView, c: CharacterView): string {
  const lines: string[] = [];
  if (c.dead) lines.push("💀 Dead");
  if (c.form) {
    const s = c.form.stats;
    lines.push(`Transformed into a ${bold(userName(s.name))}: Attack ${colourDice(s.attack)}`);
  }
  lines.push(
    `🩸 Wounds ${c.woundsTaken} of ${c.woundLimit} · 🏃 Speed ${c.speed} · 🛡️ Defense ${c.defense}`,
    horrorText(c),
    ABILITIES.map((a) => `${ABILITY_NAME[a]} ${colourDice(c.abilities[a])}`).join(" · "),
  );
  const tokens = c.wounds.filter((w) => w.kind !== "plain").map(woundTokenText);
  if (tokens.length > 0) lines.push(`Wound tokens: ${tokens.join(", ")}`);
  if (!c.rerolls) lines.push("Treated as a monster: no rerolls.");
  const holds = carried(view, c.id);
  if (holds) lines.push(`Holds ${holds}`);
  return joinLines(lines, DISCORD_LIMITS.fieldValue);
}

/** One field per character in play: "Nelson Blake · Ada". */
export function characterFields(view: GameView, names: Names): APIEmbedField[] {
  const revealed = new Set(view.roles.revealed.map((r) => r.character));
  return view.characters.map((c) => {
    const marks = `${c.dead ? "💀 " : ""}${revealed.has(c.id) ? "🕯️ " : ""}`;
    const owner = c.owner === null ? "" : ` · ${names.player(c.owner)}`;
    return {
      name: `${marks}${names.combatant(c.id)}${owner}`,
      value: characterValue(view, c),
      inline: true,
    };
  });
}

/** The monsters on the board, one line each; the dead struck through. */
export function monstersText(view: GameView, names: Names): string {
  if (view.monsters.length === 0) return "None on the board.";
  const lines = view.monsters.map((m) => {
    const s = m.stats;
    const name = bold(names.combatant(m.id));
    if (m.dead) return `💀 ~~${names.combatant(m.id)}~~`;
    const holds = carried(view, m.id);
    return `${name}: ${m.woundsLeft}/${s.wounds} Wounds left · Defense ${s.defense} · Speed ${s.speed} · Attack ${colourDice(s.attack)} · Horror ${s.horror}${holds ? ` · holds ${holds}` : ""}`;
  });
  return joinLines(lines, DISCORD_LIMITS.fieldValue);
}

/** What lies on the ground (with who dropped it, since the bot has no map) and what is in the bag. */
export function groundText(view: GameView, names: Names): string {
  const lines = view.items
    .filter((item) => item.holder === null)
    .map(
      (item) =>
        `${itemText(item)}${item.droppedBy === null ? "" : `, where ${names.combatant(item.droppedBy)} dropped it`}`,
    );
  const ground = view.elderSign.ground;
  if (ground.outer + ground.centre > 0) {
    lines.push(`✴️ Elder Sign: ${piecesText(ground)} on the ground`);
  }
  lines.push(`Still in the bag: ${piecesText(view.elderSign.inBag)} of the Elder Sign`);
  return joinLines(lines, DISCORD_LIMITS.fieldValue);
}
