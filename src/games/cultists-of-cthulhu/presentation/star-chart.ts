import type { Settings, StarCard } from "../rules/index.js";
import type { TableView } from "./views.js";
import { bold, listOf, userName } from "./text.js";
import { DURATION_NAME, DURATION_NOTE } from "./words.js";

/**
 * The Star Chart as a track that reads at a glance, in groups of five like the board's:
 * ▰ reached, ▱ ahead, ◆/◇ the numbers where the stars may align (reached / ahead).
 */
export function starTrack(stars: number, settings: Settings): string {
  const aligns = new Set(settings.cultistNumbers);
  const cells: string[] = [];
  for (let n = 1; n <= settings.starChartEnd; n++) {
    const reached = n <= stars;
    const cell = aligns.has(n) ? (reached ? "◆" : "◇") : reached ? "▰" : "▱";
    cells.push(n > 1 && (n - 1) % 5 === 0 ? ` ${cell}` : cell);
  }
  return `\`${cells.join("")}\``;
}

/** The chart's field: where it stands, the track, and where the stars may align. */
export function starChartText(view: TableView, settings: Settings): string {
  const numbers = [...settings.cultistNumbers].sort((a, b) => a - b).map(String);
  return [
    `${bold(String(view.stars))} of ${settings.starChartEnd}`,
    starTrack(view.stars, settings),
    `The stars may align at ${listOf(numbers, "or")} (◆).`,
  ].join("\n");
}

function cardText(card: StarCard): string {
  const name = card.name === null ? "A Star Card" : bold(userName(card.name));
  return `${name} (${DURATION_NAME[card.duration]}, +${card.advance}) — ${DURATION_NOTE[card.duration]}`;
}

/** The Star Cards still in play: one-round cards and the Weather. */
export function starCardsText(view: TableView): string {
  const lines = [
    ...(view.starCards.weather ? [`☁️ ${cardText(view.starCards.weather)}`] : []),
    ...view.starCards.oneRound.map((card) => `⏳ ${cardText(card)}`),
  ];
  return lines.length > 0 ? lines.join("\n") : "None in play.";
}
