import { ButtonStyle, type APIButtonComponentWithCustomId, type APIEmbed } from "discord.js";
import type { CharacterId, CharacterView, MadnessStage, RoleCard } from "../rules/index.js";
import { cardLines } from "./cards.js";
import type { RenderContext } from "./context.js";
import { componentId, revealId, type RevealPlaces } from "./custom-ids.js";
import { DISCORD_LIMITS, joinLines } from "./limits.js";
import { button, buttonRows, EMBED_COLOUR, message, type GameMessage } from "./messages.js";
import { namesFor, type Names } from "./names.js";
import { bold, plainName } from "./text.js";
import type { PlayerView } from "./views.js";
import { STAGE_NAME } from "./words.js";

/**
 * A player's private view of their role: their card(s), the Cultist's number and what their card
 * does, an Academic's Madness stage by stage with the stage in force, and the reveal when the
 * stars allow it. Rendered from that player's view only; always ephemeral.
 */
export function roleMessage(view: PlayerView, ctx: RenderContext): GameMessage {
  const names = namesFor(view, ctx.players, ctx.facts);
  const { roles } = view;
  if (view.phase === "lobby" || view.phase === "setup") {
    return privateNote("The roles are dealt when the host deals. Come back then.");
  }
  if (roles.own.length === 0) {
    return privateNote("You hold no Role card in this game: you are not one of its players.");
  }
  const embeds = roles.own.map(({ character, card }) => cardEmbed(view, names, character, card));
  const buttons: APIButtonComponentWithCustomId[] = [];
  if (view.phase === "playing") {
    buttons.push(...revealButtons(view, names, ctx));
    if (mayShowMadness(view)) {
      buttons.push(
        button(
          componentId(ctx.scope, "madness"),
          "Show my Madness to the table",
          ButtonStyle.Primary,
          {
            emoji: "🧠",
          },
        ),
      );
    }
  }
  return message({ embeds, components: buttonRows(buttons) }, true);
}

function privateNote(text: string): GameMessage {
  return message({ embeds: [{ color: EMBED_COLOUR.private, description: text }] }, true);
}

function revealed(view: PlayerView): boolean {
  return view.roles.revealed.some((r) => r.player === view.viewer.player);
}

function mayShowMadness(view: PlayerView): boolean {
  const { roles } = view;
  const academic = roles.own.some((o) => o.card.kind === "academic" && o.character === null);
  const shown = roles.madness.some((m) => m.player === view.viewer.player);
  return academic && !shown && (roles.revealed.length > 0 || roles.activated !== null);
}

/** The stage in force for a card: its character's (one player) or the highest of the player's. */
function stageFor(view: PlayerView, character: string | null): MadnessStage {
  const mine = view.characters.filter((c) =>
    character === null ? c.owner === view.viewer.player : c.id === character,
  );
  return mine.reduce<MadnessStage>((stage, c) => (c.stage > stage ? c.stage : stage), 1);
}

function cardEmbed(
  view: PlayerView,
  names: Names,
  character: string | null,
  card: RoleCard,
): APIEmbed {
  const title =
    character === null
      ? `Your role: ${card.kind === "cultist" ? "the Cultist" : "an Academic"}`
      : `${names.combatant(character)}'s card: ${card.kind === "cultist" ? "the Cultist" : "an Academic"}`;
  const lines = cardLines(card, card.kind === "academic" ? stageFor(view, character) : null);
  lines.push("", ...guidance(view, names, card, character));
  return {
    color: card.kind === "cultist" ? EMBED_COLOUR.danger : EMBED_COLOUR.private,
    title: `🔒 ${title}`,
    description: joinLines(lines, DISCORD_LIMITS.embedDescription),
    footer: { text: "Only you can see this." },
  };
}

function guidance(
  view: PlayerView,
  names: Names,
  card: RoleCard,
  character: string | null,
): string[] {
  const { roles } = view;
  if (view.phase === "ended") return ["The game is over: every card is shown on the table."];
  if (card.kind === "academic") {
    const stages = view.characters
      .filter((c) => (character === null ? c.owner === view.viewer.player : c.id === character))
      .map((c) => `${bold(names.combatant(c.id))}: ${STAGE_NAME[c.stage]}`);
    const acted = roles.revealed.length > 0 || roles.activated !== null;
    return [
      `Madness now — ${stages.join(" · ")}. Stage 3 applies stage 2 as well.`,
      acted
        ? "A Cultist has acted: you may show your Madness to the table."
        : "Until a Cultist reveals, don't show or read out this card; you may claim what it makes you do, truthfully or not.",
    ];
  }
  if (revealed(view)) return ["You have revealed. You win when every other character is dead."];
  if (roles.mustReveal) {
    return [
      `⚠️ ${bold("The stars have reached your number: you must reveal now.")}`,
      "Choose which of your characters is sacrificed (it dies); the other becomes the Cultist. Play waits for you.",
    ];
  }
  if (roles.mayReveal) {
    return [
      `✨ ${bold("The stars have reached your number: you may reveal")} — on anyone's turn, at no action cost.`,
      "You win when every other character is dead (even if you die too).",
    ];
  }
  const when =
    view.mode === "duel"
      ? `you must reveal when it reaches ${card.number}`
      : `you may reveal once it reaches ${card.number}`;
  return [
    `The Star Chart is at ${view.stars}; ${when}.`,
    "You win when every other character is dead (even if you die too).",
  ];
}

/** The private Reveal: one button, or (two players) one per choice of who is sacrificed. */
function revealButtons(
  view: PlayerView,
  names: Names,
  ctx: RenderContext,
): APIButtonComponentWithCustomId[] {
  const { roles } = view;
  if (revealed(view) || !(roles.mayReveal || roles.mustReveal)) return [];
  const living = livingOwn(view);
  if (view.mode !== "duel" || living.length < 2) {
    return [
      button(revealId(ctx.scope, null), "Reveal yourself as the Cultist", ButtonStyle.Danger, {
        emoji: "🕯️",
      }),
    ];
  }
  const choices = living.flatMap((sacrifice, s) =>
    living.flatMap((cultist, c) =>
      c === s ? [] : [{ cultist, sacrifice, places: { cultist: c, sacrifice: s } }],
    ),
  );
  return choices
    .slice(0, REVEAL_BUTTONS_MAX)
    .map(({ cultist, sacrifice, places }) =>
      button(
        revealId(ctx.scope, places),
        `Reveal: sacrifice ${plainName(names.combatantLabel(sacrifice.id), 18)}, ${plainName(names.combatantLabel(cultist.id), 18)} becomes the Cultist`,
        ButtonStyle.Danger,
        { emoji: "🕯️" },
      ),
    );
}

/** Two players with many characters (a setting) would need more: five rows of five at most. */
const REVEAL_BUTTONS_MAX = 25;

/** The player's living characters in the order the Reveal buttons number them. */
function livingOwn(view: PlayerView): CharacterView[] {
  return view.characters.filter((c) => c.owner === view.viewer.player && !c.dead);
}

/**
 * What a two-player Reveal button chose, as the rules' `reveal` takes it; null when its places
 * no longer fit (the version check refuses such a press first).
 */
export function revealChoice(
  view: PlayerView,
  places: RevealPlaces,
): { cultist: CharacterId; sacrifice: CharacterId } | null {
  const living = livingOwn(view);
  const cultist = living[places.cultist];
  const sacrifice = living[places.sacrifice];
  if (!cultist || !sacrifice || cultist === sacrifice) return null;
  return { cultist: cultist.id, sacrifice: sacrifice.id };
}
