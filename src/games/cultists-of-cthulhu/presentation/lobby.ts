import { ButtonStyle, type APIEmbedField } from "discord.js";
import { charactersPerPlayer, type Settings } from "../rules/index.js";
import type { RenderContext } from "./context.js";
import { componentId } from "./custom-ids.js";
import { DISCORD_LIMITS, joinLines } from "./limits.js";
import { button, buttonRows, EMBED_COLOUR, message, type GameMessage } from "./messages.js";
import { namesFor } from "./names.js";
import { bold, count, listOf, userName } from "./text.js";
import type { TableView } from "./views.js";
import { MODE_NAME, PHASE_NAME } from "./words.js";

/**
 * The lobby: who has joined, then (once the host starts) who has entered which characters and
 * which Role cards the host has entered, with what is still missing before the deal.
 */
export function lobbyMessage(view: TableView, ctx: RenderContext): GameMessage {
  const names = namesFor(view, ctx.players, ctx.facts);
  const { settings } = ctx;
  const setup = view.phase === "setup";
  const perPlayer = setup && view.mode !== null ? charactersPerPlayer(settings, view.mode) : null;
  const players = view.seats.map((seat) => {
    const mine = view.characters.filter((c) => c.owner === seat);
    if (perPlayer === null) return bold(names.player(seat));
    const done = mine.length === perPlayer ? "✅" : "⬜";
    const list = mine.map((c) => names.combatant(c.id)).join(", ") || "no character yet";
    return `${done} ${bold(names.player(seat))}: ${list} (${mine.length}/${perPlayer})`;
  });
  const fields: APIEmbedField[] = [
    {
      name: `Players (${view.seats.length} of ${settings.players.max})`,
      value: joinLines(players.length > 0 ? players : ["Nobody yet."], DISCORD_LIMITS.fieldValue),
    },
  ];
  if (setup) {
    const entered = new Set(
      view.roles.scenarioCultists.flatMap((card) => (card.kind === "cultist" ? [card.number] : [])),
    );
    const cultists = settings.cultistNumbers
      .map((n) => `${entered.has(n) ? "✅" : "⬜"} ${n}`)
      .join(" · ");
    fields.push({
      name: "Role cards (the host enters them)",
      value: `Cultist cards: ${cultists}\nAcademic cards: ${view.roles.academicCards} entered (blank ones make up the deal)`,
    });
    if (view.mode === "solo") {
      const candidates = view.setAsideCandidates.map((c) => bold(userName(c.sheet.name)));
      fields.push({
        name: "Set aside at the deal",
        value: joinLines(
          [
            candidates.length > 0
              ? `One of ${listOf(candidates, "or")}, drawn unseen.`
              : "No candidate yet: add at least one.",
          ],
          DISCORD_LIMITS.fieldValue,
        ),
      });
    }
  }
  const description = [
    `Host: ${bold(names.player(view.host))}`,
    `Goals: ${listOf(Object.keys(view.goals).map((g) => bold(userName(g, 10))))}`,
    setup && view.mode !== null ? `A game for ${MODE_NAME[view.mode]}.` : "",
    nextStep(view, perPlayer, settings),
  ].filter((line) => line !== "");
  const buttons = setup
    ? [
        button(componentId(ctx.scope, "deal"), "Deal the roles", ButtonStyle.Primary, {
          emoji: "🃏",
        }),
      ]
    : [
        button(componentId(ctx.scope, "join"), "Join", ButtonStyle.Success),
        button(componentId(ctx.scope, "leave"), "Leave", ButtonStyle.Secondary),
        button(componentId(ctx.scope, "start"), "Start (host)", ButtonStyle.Primary),
      ];
  return message({
    embeds: [
      {
        color: EMBED_COLOUR.table,
        title: `🕯️ Cultists of Cthulhu — ${userName(view.scenario)}`,
        description: description.join("\n"),
        fields,
        footer: { text: PHASE_NAME[view.phase] },
      },
    ],
    components: buttonRows(buttons),
  });
}

function nextStep(view: TableView, perPlayer: number | null, settings: Settings): string {
  if (view.phase === "lobby") {
    const { min, max } = settings.players;
    return `Join with the button below. The host starts once ${min}–${max} players have joined.`;
  }
  const characters = perPlayer === null ? "their characters" : count(perPlayer, "character");
  return `Next: each player enters ${characters}; the host enters the Cultist cards, then deals.`;
}
