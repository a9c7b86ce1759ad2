import type { APIEmbed } from "discord.js";
import {
  combatWeird,
  RESULTS,
  visibleFacts,
  type CheckPurpose,
  type Fact,
  type Settings,
} from "../rules/index.js";
import { consequenceLines } from "./consequences.js";
import type { RenderContext } from "./context.js";
import { diceLine, resultCount, tallyLine } from "./dice.js";
import { DISCORD_LIMITS, joinLines } from "./limits.js";
import { EMBED_COLOUR, message, type ActionRow, type GameMessage } from "./messages.js";
import { namesFor, type Names } from "./names.js";
import { rerollRows } from "./reroll-components.js";
import { readRoll, waitingSide, type RollSequence, type RollSide } from "./roll-sequence.js";
import { stealRows } from "./steal-menu.js";
import { bold, count, listOf } from "./text.js";
import type { TableView } from "./views.js";
import {
  COLOUR_NAME,
  outcomeName,
  PURPOSE_VERB,
  RESULT_EMOJI,
  RESULT_NAME,
  rolledName,
} from "./words.js";

/**
 * A five-die roll on the table: every die with its colour and face, the counts, the outcomes,
 * and while it waits the reroll buttons; an Attack shows both sides and the damage each way, a
 * shot its hits, a steal what was taken. The same message is edited as the roll goes on.
 */

export interface RollOptions {
  /** Single dice already chosen in the items' menu (the bot re-renders with them). */
  chosenDice?: readonly number[];
}

const PURPOSE_EMOJI: Readonly<Record<CheckPurpose, string>> = {
  check: "🎲",
  defend: "🛡️",
  attack: "⚔️",
  ranged: "🎯",
  steal: "🫳",
};

/** `facts`: the roll's facts from its start (see `rollStart`), the latest last. */
export function rollMessage(
  view: TableView,
  facts: readonly Fact[],
  ctx: RenderContext,
  options: RollOptions = {},
): GameMessage {
  const seen = visibleFacts(facts, view.viewer, view.phase === "ended");
  const names = namesFor(view, ctx.players, [...(ctx.facts ?? []), ...seen]);
  const roll = readRoll(seen, view);
  const embeds = roll.sides.map((side) => sideEmbed(side, names, ctx.settings));
  const result = resultEmbed(roll, names, view);
  if (result) embeds.push(result);
  const components: ActionRow[] = [];
  const waiting = waitingSide(roll);
  if (waiting?.mayReroll)
    components.push(...rerollRows(waiting, ctx.scope, options.chosenDice ?? []));
  components.push(...stealRows(view, names, ctx.scope));
  return message({ embeds, components });
}

function sideEmbed(side: RollSide, names: Names, settings: Settings): APIEmbed {
  const who = names.combatant(side.roller);
  const lines = [diceLine(side.dice, side.rerolled), tallyLine(side.tally)];
  const fight = side.purpose === "attack" || side.purpose === "defend";
  if (fight) {
    if (combatWeird(side.tally, settings)) {
      lines.push(
        `${RESULT_EMOJI.weird} ${bold(`${settings.combatWeirds}+ Weirds`)}: the Combat card's effect applies to ${who}.`,
      );
    }
  } else if (side.purpose !== "steal") {
    lines.push(outcomesLine(side));
  }
  if (side.rerolled.length > 0)
    lines.push(`↻ ${count(side.rerolled.length, "die", "dice")} rerolled.`);
  lines.push(stateLine(side));
  return {
    color: side.final ? EMBED_COLOUR.roll : EMBED_COLOUR.table,
    title: `${PURPOSE_EMOJI[side.purpose]} ${who} ${PURPOSE_VERB[side.purpose]} ${rolledName(side.ability)} at ${COLOUR_NAME[side.difficulty]}`,
    description: joinLines(lines, DISCORD_LIMITS.embedDescription),
  };
}

function outcomesLine(side: RollSide): string {
  const fired = side.outcomes.map((r) =>
    side.thresholds ? outcomeName(r, side.thresholds[r]) : RESULT_NAME[r],
  );
  const verb = side.final ? "Outcomes" : "Outcomes if kept";
  const now =
    fired.length === 0
      ? `${verb}: none.`
      : `${verb}: ${listOf(side.outcomes.map((r, i) => `${RESULT_EMOJI[r]} ${bold(fired[i] ?? "")}`))}.`;
  if (side.final || !side.thresholds) return now;
  const thresholds = side.thresholds;
  const rule = RESULTS.map((r) => outcomeName(r, thresholds[r])).join(", ");
  return `${now} (this check: ${rule})`;
}

function stateLine(side: RollSide): string {
  if (side.final)
    return side.mayReroll ? "Final: the roll stands." : "Final: monsters never reroll.";
  if (!side.mayReroll) return "No rerolls.";
  const extra =
    side.extraRerolls > 0
      ? ` plus up to ${count(side.extraRerolls, "single die", "single dice")} from items`
      : "";
  return `One reroll: every die showing one result${extra}; then the roll stands. Or keep it.`;
}

function resultEmbed(roll: RollSequence, names: Names, view: TableView): APIEmbed | null {
  const lines: string[] = [];
  let title: string | null = null;
  if (roll.combat) {
    const { attacker, defender, card } = roll.combat;
    title = `⚔️ ${names.combatant(attacker)} attacks ${names.combatant(defender)}`;
    const defense = card.defense === null ? "" : `; everyone has Defense ${card.defense}`;
    lines.push(
      `Combat card: Brawn at ${COLOUR_NAME[card.difficulty]}${defense}. The defender rolls first.`,
    );
    const r = roll.combatResult;
    if (r) {
      const a = roll.sides.find((s) => s.purpose === "attack");
      const d = roll.sides.find((s) => s.purpose === "defend");
      lines.push(damageLine(names, r.attacker, r.defender, r.toDefender, a, d));
      lines.push(damageLine(names, r.defender, r.attacker, r.toAttacker, d, a));
      if (r.weird.length > 0) {
        lines.push(
          `${RESULT_EMOJI.weird} Two Weirds: the card's effect for ${listOf(r.weird.map((w) => bold(names.combatant(w))))}.`,
        );
      }
    }
  }
  if (roll.ranged) {
    title = `🎯 ${names.combatant(roll.ranged.shooter)}'s shot`;
    lines.push(
      ...roll.ranged.hits.map(
        (h) =>
          `${bold(String(h.damage))} damage to ${bold(names.combatant(h.target))} (after its Defense)`,
      ),
    );
  }
  if (roll.steal) {
    const { thief, target, succeeded } = roll.steal;
    title = `🫳 ${names.combatant(thief)} steals from ${names.combatant(target)}`;
    lines.push(
      succeeded
        ? `Success: the Goods reach ${names.combatant(target)}'s Defense.${roll.stolen ? "" : " Choose one Item, one Artefact, or all their Elder Sign pieces."}`
        : `It fails: the Goods fall short of ${names.combatant(target)}'s Defense.`,
    );
  }
  if (roll.stolen) lines.push(...consequenceLines([roll.stolen], names, view));
  lines.push(...consequenceLines(roll.consequences, names, view));
  if (lines.length === 0) return null;
  return {
    color: roll.consequences.some((f) => f.type === "character-died" || f.type === "monster-died")
      ? EMBED_COLOUR.danger
      : EMBED_COLOUR.table,
    ...(title === null ? {} : { title }),
    description: joinLines(lines, DISCORD_LIMITS.embedDescription),
  };
}

function damageLine(
  names: Names,
  from: string,
  to: string,
  amount: number,
  own: RollSide | undefined,
  their: RollSide | undefined,
): string {
  const sum =
    own && their
      ? ` (${resultCount("good", own.tally.good)} + their ${resultCount("bad", their.tally.bad)} − Defense, with any item bonus)`
      : "";
  return `${bold(names.combatant(from))} deals ${bold(String(amount))} to ${bold(names.combatant(to))}${sum}.`;
}
