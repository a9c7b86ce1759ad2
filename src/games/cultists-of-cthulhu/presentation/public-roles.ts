import type { Settings } from "../rules/index.js";
import { cardLine, madnessLines } from "./cards.js";
import { DISCORD_LIMITS, joinLines } from "./limits.js";
import type { Names } from "./names.js";
import { bold, count, userName } from "./text.js";
import type { TableView } from "./views.js";

/**
 * What the table knows of the roles: revealed Cultists and Madness, the two-player face-up card,
 * the one-player row as far as it is turned, how many cards lie unseen. Read from the table's
 * view only, so nothing secret can be in it.
 */

/** Whether a Cultist has revealed or a card has acted: the Event rule changes from then on. */
export function cultistActed(view: TableView): boolean {
  return view.roles.revealed.length > 0 || view.roles.activated !== null;
}

export function publicRolesText(view: TableView, names: Names, settings: Settings): string {
  const { roles } = view;
  const lines: string[] = [];
  for (const r of roles.revealed) {
    const as = r.character === null ? "" : ` as ${bold(names.combatant(r.character))}`;
    lines.push(`🕯️ ${bold(names.player(r.player))} is the Cultist${as} — ${cardLine(r.card)}`);
  }
  if (roles.activated) {
    const enters = roles.activated.character;
    lines.push(
      `🕯️ The Cultist acts — ${cardLine(roles.activated.card)}${enters === null ? "" : `; ${bold(names.combatant(enters))} entered as the Cultist`}`,
    );
  }
  for (const m of roles.madness) {
    const text = m.card.kind === "academic" ? madnessLines(m.card.madness, null, 150) : [];
    lines.push(`🧠 ${bold(names.player(m.player))}'s Madness — ${text.join("; ")}`);
  }
  if (view.mode === "duel") {
    if (roles.faceUp && !roles.activated) {
      lines.push(
        `Face up: ${cardLine(roles.faceUp)} — it acts at ${settings.roleDeal.duel.activationAt} if nobody has revealed.`,
      );
    }
    if (roles.discarded > 0) lines.push(`${count(roles.discarded, "card")} discarded unseen.`);
  }
  if (view.mode === "solo" && roles.row.length > 0) {
    const row = roles.row.map((card) =>
      card === null ? "🂠" : card.kind === "cultist" ? "Cultist" : "Academic",
    );
    lines.push(`Row: ${row.join(" · ")}`);
    if (!roles.activated?.character) lines.push("One character is set aside, unseen.");
  }
  if (lines.length === 0) {
    lines.push(
      "The roles are secret. Until a Cultist reveals, Academics may not show or read out their cards (they may claim what a card makes them do, truthfully or not).",
    );
  }
  return joinLines(lines, DISCORD_LIMITS.fieldValue);
}

export function goalsText(view: TableView, settings: Settings): string {
  const lines = Object.entries(view.goals).map(([letter, done]) => {
    const name = userName(letter, 10);
    const part = (n: 1 | 2) => `${done >= n ? "✅" : "⬜"} ${name}${n}`;
    return `${part(1)} · ${part(2)}`;
  });
  if (view.mode === "duel") {
    lines.push(`Both parts of ${count(settings.duelGoalsToWin, "goal")} win for the Academics.`);
  }
  return joinLines(lines, DISCORD_LIMITS.fieldValue);
}
