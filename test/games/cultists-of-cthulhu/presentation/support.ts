import { ComponentType } from "discord.js";
import { expect } from "vitest";
import {
  playerViewer,
  TABLE_VIEWER,
  viewFor,
  type GameState,
  type Settings,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import {
  asPlayerView,
  asTableView,
  DISCORD_LIMITS,
  type GameMessage,
  type PlayerView,
  type RenderContext,
  type TableView,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import type { Game } from "../rules/support.js";

/** Rendering helpers for the presentation tests: views, a context, and Discord's limits. */

export const GAME_ID = "g-0001";

export const PLAYER_NAMES: Record<string, string> = {
  host: "Hazel",
  p1: "Ada",
  p2: "Bob",
  p3: "Carol",
  p4: "Dan",
  p5: "Eve",
  p6: "Fay",
};

export function ctxFor(g: Game, version = 7, players = PLAYER_NAMES): RenderContext {
  return {
    scope: { command: "cultists", gameId: GAME_ID, version },
    players,
    settings: g.settings,
    facts: g.log,
  };
}

export function tableView(g: Game): TableView {
  return asTableView(viewFor(g.state, TABLE_VIEWER, g.settings));
}

export function playerView(g: Game, player: string): PlayerView {
  return asPlayerView(viewFor(g.state, playerViewer(player), g.settings));
}

export function viewOf(state: GameState, settings: Settings): TableView {
  return asTableView(viewFor(state, TABLE_VIEWER, settings));
}

/** The player dealt a Cultist card (the first, if two are). */
export function cultistOf(g: Game): string {
  const hands = g.state.deal?.hands ?? {};
  const player = Object.keys(hands).find((p) => g.state.cards[hands[p] ?? ""]?.kind === "cultist");
  if (player === undefined) throw new Error("no Cultist dealt");
  return player;
}

/** Every text of a message a user can read: content, embeds, labels, placeholders, options. */
export function allText(message: GameMessage): string {
  const parts: string[] = [message.content ?? ""];
  for (const embed of message.embeds) {
    parts.push(embed.title ?? "", embed.description ?? "", embed.footer?.text ?? "");
    parts.push(embed.author?.name ?? "");
    for (const field of embed.fields ?? []) parts.push(field.name, field.value);
  }
  for (const row of message.components) {
    for (const component of row.components) {
      if ("label" in component && component.label) parts.push(component.label);
      if ("placeholder" in component && component.placeholder) parts.push(component.placeholder);
      if ("options" in component) {
        for (const option of component.options) {
          parts.push(option.label, option.description ?? "");
        }
      }
    }
  }
  return parts.join("\n");
}

/** The custom ids of a message's components. */
export function customIds(message: GameMessage): string[] {
  return message.components.flatMap((row) =>
    row.components.flatMap((c) => ("custom_id" in c ? [c.custom_id] : [])),
  );
}

/** Buttons by label (the first whose label starts with `label`). */
export function buttonLabelled(message: GameMessage, label: string) {
  for (const row of message.components) {
    for (const c of row.components) {
      if ("label" in c && c.label?.startsWith(label)) return c;
    }
  }
  return undefined;
}

const L = DISCORD_LIMITS;

/** Checks every limit Discord puts on a message; names the first one broken. */
export function expectWithinLimits(message: GameMessage): void {
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  check((message.content ?? "").length <= L.content, "content");
  check(message.embeds.length <= L.embeds, "embeds");
  let total = 0;
  for (const [e, embed] of message.embeds.entries()) {
    const title = embed.title ?? "";
    const description = embed.description ?? "";
    const footer = embed.footer?.text ?? "";
    const author = embed.author?.name ?? "";
    check(title.length <= L.embedTitle, `embed ${e} title (${title.length})`);
    check(
      description.length <= L.embedDescription,
      `embed ${e} description (${description.length})`,
    );
    check(footer.length <= L.footer, `embed ${e} footer`);
    check(author.length <= L.authorName, `embed ${e} author`);
    const fields = embed.fields ?? [];
    check(fields.length <= L.embedFields, `embed ${e} fields (${fields.length})`);
    total += title.length + description.length + footer.length + author.length;
    for (const [f, field] of fields.entries()) {
      check(
        field.name.length > 0 && field.name.length <= L.fieldName,
        `embed ${e} field ${f} name`,
      );
      check(
        field.value.length > 0 && field.value.length <= L.fieldValue,
        `embed ${e} field ${f} value (${field.value.length})`,
      );
      total += field.name.length + field.value.length;
    }
  }
  check(total <= L.embedsTotal, `embeds total (${total})`);
  check(message.components.length <= L.actionRows, `rows (${message.components.length})`);
  const ids = customIds(message);
  check(new Set(ids).size === ids.length, "custom ids repeat");
  for (const [r, row] of message.components.entries()) {
    const buttons = row.components.filter((c) => c.type === ComponentType.Button);
    const menus = row.components.filter((c) => c.type !== ComponentType.Button);
    check(buttons.length <= L.buttonsPerRow, `row ${r} buttons`);
    check(menus.length === 0 || row.components.length === 1, `row ${r} mixes a menu`);
    for (const c of row.components) {
      if ("custom_id" in c) check(c.custom_id.length <= L.customId, `custom id ${c.custom_id}`);
      if ("label" in c)
        check((c.label ?? "").length <= L.buttonLabel, `button label ${c.label ?? ""}`);
      if ("options" in c) {
        const options = c.options;
        check(
          options.length >= 1 && options.length <= L.selectOptions,
          `row ${r} options (${options.length})`,
        );
        check((c.placeholder ?? "").length <= L.selectPlaceholder, `row ${r} placeholder`);
        check((c.max_values ?? 1) <= options.length, `row ${r} max values`);
        for (const o of options) {
          check(
            o.label.length >= 1 && o.label.length <= L.selectOptionText,
            `option label ${o.label}`,
          );
          check(o.value.length <= L.selectOptionText, `option value ${o.value}`);
          check((o.description ?? "").length <= L.selectOptionText, `option description`);
        }
        check(
          new Set(options.map((o) => o.value)).size === options.length,
          `row ${r} option values repeat`,
        );
      }
    }
  }
  check(JSON.stringify(message.allowedMentions) === '{"parse":[]}', "mentions parsed");
  expect(problems).toEqual([]);
}

/** Text a renderer must never produce: leaked code, or a value rendered badly. */
export function expectClean(text: string): void {
  expect(text).not.toMatch(/undefined|\[object Object\]|NaN|\bnull\b/);
}
