import { settleId, takeValue, type ComponentScope } from "./custom-ids.js";
import { DISCORD_LIMITS } from "./limits.js";
import { selectRow, type ActionRow, type MenuOption } from "./messages.js";
import type { Names } from "./names.js";
import { plainName } from "./text.js";
import type { TableView } from "./views.js";
import { piecesText } from "./words.js";

/**
 * After a successful steal, the thief's choice (seed: one Item, one Artefact, or all their Elder
 * Sign pieces) as a menu of what the target holds. Shown while the view's steal waits for it.
 */
export function stealRows(view: TableView, names: Names, scope: ComponentScope): ActionRow[] {
  const pending = view.pending;
  if (pending?.kind !== "steal" || pending.succeeded !== true) return [];
  const target = pending.target;
  const pieces = view.elderSign.held[target];
  // Room for the Elder Sign and "nothing" within Discord's 25 options.
  const items = view.items
    .filter((item) => item.holder === target)
    .slice(0, DISCORD_LIMITS.selectOptions - 2)
    .map((item): MenuOption => ({
      value: takeValue({ kind: "item", item: item.id }),
      label: plainName(item.name, DISCORD_LIMITS.selectOptionText),
      description: item.kind === "artefact" ? "Artefact" : "Item",
    }));
  const options: MenuOption[] = [...items];
  if (pieces && pieces.outer + pieces.centre > 0) {
    options.push({
      value: takeValue({ kind: "elder-sign" }),
      label: `All their Elder Sign pieces (${piecesText(pieces)})`,
      emoji: "✴️",
    });
  }
  options.push({ value: takeValue({ kind: "nothing" }), label: "Take nothing" });
  return [
    selectRow(
      settleId(scope, "take", pending.check.roll),
      `${names.combatantLabel(pending.thief)}: choose what to take from ${names.combatantLabel(target)}`,
      options,
    ),
  ];
}
