import { formatPercentile, OUTCOME_LABEL, type PercentileOutcome } from "../rules/percentile.js";
import { threatLabel } from "../rules/sanity/index.js";
import {
  EVENT_FACTS,
  isFactKind,
  type FactKind,
  type FactPayload,
  type LoggedFact,
} from "../services/event-facts.js";
import { DIFFICULTY_WORDS, readableSummary } from "./logged-words.js";
import { LOCATION_LABEL } from "./resource-embeds.js";
import { sheetChangeText } from "./sheet-change-text.js";

/**
 * The log's words: one line per event, written from its payload when it is read. Events logged
 * before payloads (or with a payload this version no longer reads) show the line they stored.
 */

/** The words for the events an Extra logs (it knows its own kinds); undefined for any other. */
export type ExtraEventLines = (fact: LoggedFact) => string | undefined;

/** An event's line, with the words of the Extras the bot offers. */
export type EventLineOf = (fact: LoggedFact) => string;
type LineOf = EventLineOf;
type Catalogue = { [K in FactKind]: (payload: FactPayload<K>, lineOf: LineOf) => string };

const outcomeWords = (outcome: PercentileOutcome): string => OUTCOME_LABEL[outcome].toLowerCase();
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const quality = (found: string | null) => (found === null ? "" : `, ${found.replace("-", " ")}`);
const died = (dead: boolean) => (dead ? ", dead" : "");
const ROLLER_SIDE = { a: "won", b: "lost", none: "no winner" } as const;

function points(p: FactPayload<"wp">): string {
  if (p.action === "set") return `set to ${p.points}`;
  return `${p.action} ${p.dice ? `${p.dice.expression}: ${p.dice.total}` : p.points}`;
}

/** ", corrupting: max HP 12 → 9" for a corrupting loss. */
const corrupted = (
  p: { corruptedMax?: { before: number; after: number } | undefined },
  pool: string,
): string =>
  p.corruptedMax
    ? `, corrupting: max ${pool} ${p.corruptedMax.before} → ${p.corruptedMax.after}`
    : "";

const LINES: Catalogue = {
  roll: (p) => `rolled ${p.expression} = ${p.total}`,
  test: (p) => {
    const who = p.protagonist === null ? "" : `${p.protagonist}: `;
    const versus = p.versus
      ? `; versus ${p.versus.label ?? "target"} ${p.versus.roll} vs ${p.versus.target}: ${outcomeWords(p.versus.outcome)}; ${ROLLER_SIDE[p.versus.winner]} (${p.versus.basis.replaceAll("-", " ")})`
      : "";
    return `${who}${p.label} ${p.roll} vs ${p.target}: ${outcomeWords(p.outcome)}${versus}${p.marked ? " (marked)" : ""}`;
  },
  "stat-roll": (p) => `rolled stats (4D6 drop lowest): ${p.totals.join(", ")}`,
  "protagonist-create": (p) =>
    `created ${p.protagonist} (${p.archetype})${p.forUserId === null ? "" : ` for <@${p.forUserId}>`}`,
  "protagonist-import": (p) => `imported ${p.protagonist} (${p.archetype})`,
  "protagonist-select": (p) =>
    `now plays ${p.protagonist} ${p.scope === "channel" ? "in this channel" : `across ${p.campaign}`}`,
  "protagonist-edit": (p) => `${p.protagonist}: ${p.changes.map(sheetChangeText).join(", ")}`,
  "protagonist-retire": (p) => `${p.protagonist} retired`,
  "session-end": (p) => `ended session ${p.session} of ${p.campaign}`,
  "campaign-create": (p) => `created campaign ${p.campaign}`,
  "campaign-settings": (p) => `changed settings of ${p.campaign}`,
  "campaign-bind": (p) => `bound a channel to ${p.campaign}`,
  "gm-add": (p) => `added a GM ${p.gm} of ${p.campaign}`,
  "gm-remove": (p) => `removed a GM ${p.gm} of ${p.campaign}`,
  "bond-add": (p) =>
    `${p.protagonist}: new ${p.bondKind} Bond “${p.bond}” at ${p.score}${p.fellow ? " (a fellow Protagonist)" : ""}`,
  "bond-damage": (p) =>
    `${p.protagonist}: Bond “${p.bond}” ${p.before} → ${p.after} (${p.rolled === null ? `−${p.amount}` : `1D4: ${p.rolled}`})${p.broke ? ", broken" : ""}`,
  "bond-improve": (p) =>
    `${p.protagonist}: Bond “${p.bond}” ${p.before} → ${p.after} (+${p.amount}${p.capped ? `, capped at ${p.after}` : ""})`,
  "bond-destroy": (p) =>
    `${p.protagonist}: Bond “${p.bond}” destroyed at ${p.score}${p.why ? ` (${p.why})` : ""}`,
  "bond-erase": (p) => `${p.protagonist}: crossed-off Bond “${p.bond}” erased from the sheet`,
  hp: (p) =>
    `${p.protagonist}: HP ${p.before} → ${p.after} (${points(p)})${corrupted(p, "HP")}${died(p.died)}`,
  wp: (p) => `${p.protagonist}: WP ${p.before} → ${p.after} (${points(p)})${corrupted(p, "WP")}`,
  lethality: (p) =>
    `${p.protagonist}: lethality ${p.rating}% rolled ${formatPercentile(p.roll)}: ${p.damage === null ? "lethal" : `${p.damage} damage`}, HP ${p.before} → ${p.after}${died(p.died)}`,
  exhaust: (p) => `${p.protagonist}: exhausted, WP ${p.before} → ${p.after} (1D6: ${p.roll})`,
  rest: (p) => `${p.protagonist}: rested, WP ${p.before} → ${p.after} (1D6: ${p.roll})`,
  "resource-test": (p) =>
    `${p.protagonist}: Resources test (${LOCATION_LABEL[p.where]}, ${DIFFICULTY_WORDS[p.difficulty]}) ${formatPercentile(p.roll)} vs ${p.target}: ${outcomeWords(p.outcome)}${quality(p.quality)}; boxes ${p.checked}/${p.of}`,
  "resource-gain": (p) =>
    p.success
      ? `${p.protagonist}: Resources ${p.before} → ${p.after}${p.award ? ` (${p.award.expression} = ${p.award.total})` : ""}; ${formatPercentile(p.roll)} above ${p.threshold}`
      : `${p.protagonist}: no Resources gain; ${formatPercentile(p.roll)} not above ${p.threshold}`,
  "resource-loss": (p) =>
    `${p.protagonist}: Resources ${p.before} → ${p.after} (−${p.amount}${p.why ? `, ${p.why}` : ""})`,
  "resource-replenish": (p) => `Downtime: Resources replenished for ${p.protagonists.join(", ")}`,
  "resource-check": (p) =>
    `${p.protagonist}: ${plural(p.boxes, "Resource box", "Resource boxes")} checked, ${p.before} → ${p.after}/${p.of}`,
  "resource-uncheck": (p) =>
    `${p.protagonist}: ${plural(p.boxes, "Resource box", "Resource boxes")} unchecked, ${p.before} → ${p.after}/${p.of}`,
  "resource-pool": (p) =>
    `Pooled Resources (${p.protagonists.join(", ")}) ${formatPercentile(p.roll)} vs ${p.target}: ${outcomeWords(p.outcome)}${quality(p.quality)}${p.checks === null ? "" : `; ${p.checks} checks a box`}`,
  "san-recovery": (p) =>
    `${p.protagonist}: recovered ${p.recovered} SAN (${p.before} → ${p.after})`,
  "shared-adversity-test": (p) =>
    `${p.protagonist}: shared adversity SAN test ${p.roll} vs ${p.target}: ${outcomeWords(p.outcome)}`,
  "shared-adversity": (p) => {
    const bonds = p.bonds.map((b) =>
      b.before === null
        ? `new Bond “${b.bond}” at ${b.after}`
        : `Bond “${b.bond}” ${b.before} → ${b.after}`,
    );
    return `${p.protagonist}: shared adversity — ${bonds.length ? bonds.join(", ") : "no Bond changed"}`;
  },
  "will-test": (p) =>
    `${p.protagonist}: will test (POW × 5, ${p.notation}) ${outcomeWords(p.outcome)}${p.panicked ? ", panicked" : ""}, WP ${p.before} → ${p.after}`,
  "san-test": (p) =>
    `${p.protagonist}: SAN test (${threatLabel(p.threat)}, ${p.notation}) lost ${p.lost}, SAN ${p.before} → ${p.after}`,
  "san-projection": (p) =>
    `${p.protagonist}: projected onto ${p.bond ?? "a Bond"}, SAN loss ${p.rolledLoss} → ${p.loss}`,
  repress: (p) => `${p.protagonist}: repressing insanity ${p.repressed ? "succeeded" : "failed"}`,
  "san-reaction": (p) => `${p.protagonist}, temporarily insane, chose to ${p.reaction}`,
  "insanity-end": (p) => `${p.protagonist}: the episode of temporary insanity is over`,
  undo: (p, lineOf) => `undid #${p.eventId}: ${lineOf(p.undone)}`,
};

function catalogueLine(fact: LoggedFact, lineOf: LineOf): string | undefined {
  if (!isFactKind(fact.kind)) return undefined;
  const spec = EVENT_FACTS[fact.kind];
  if (fact.payloadVersion !== spec.version) return undefined;
  const parsed = spec.payload.safeParse(fact.payload);
  if (!parsed.success) return undefined;
  const line = LINES[fact.kind] as (payload: unknown, lineOf: LineOf) => string;
  return line(parsed.data, lineOf);
}

/** One event in the game's words (plain text: the caller escapes it where it is shown). */
export function eventLine(fact: LoggedFact, extraLines: ExtraEventLines = () => undefined): string {
  const lineOf: LineOf = (inner) => eventLine(inner, extraLines);
  const line =
    fact.payloadVersion === null ? undefined : (catalogueLine(fact, lineOf) ?? extraLines(fact));
  if (line !== undefined) return line;
  if (fact.summary) return readableSummary(fact.summary);
  return `a ${fact.kind} event this version of the bot can't describe`;
}

/** The line function for a set of Extras. */
export function eventLines(extraLines?: ExtraEventLines): LineOf {
  return (fact) => eventLine(fact, extraLines);
}
