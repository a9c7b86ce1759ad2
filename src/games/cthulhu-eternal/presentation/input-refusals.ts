import type { InputIssue, InputProblem } from "../services/errors.js";
import { count, orList } from "./words.js";

/**
 * A request value the services refused, in the game's words: which option, what is wrong and an
 * example of what to type. The services name values as their code does (`protagonistId`,
 * `specialisedCost`); those names never reach a player.
 */

interface ValueWords {
  /** How the sentence names it: "the amount". */
  readonly what: string;
  /** What to type instead, as the option is written: "`amount:3`". */
  readonly example?: string;
}

/** Values a player types, by their name in the request. */
const VALUES: Readonly<Record<string, ValueWords>> = {
  amount: { what: "the amount", example: "`amount:3`" },
  modifier: { what: "the modifier", example: "`modifier:-20`" },
  rating: { what: "the rating", example: "`rating:15`" },
  score: { what: "the Bond's score", example: "`score:8`" },
  boxes: { what: "the number of boxes", example: "`boxes:1`" },
  specialisedCost: { what: "the specialised cost", example: "`specialised-cost:2`" },
  "subject.target": { what: "the target", example: "`target:45`" },
  "subject.name": { what: "the skill", example: "`skill:Alertness`" },
  "subject.stat": { what: "the stat", example: "`stat:POW`" },
  name: { what: "the name", example: "`name:Tom`" },
  source: { what: "the source", example: "`source:the thing in the cellar`" },
  why: { what: "the reason", example: "`why:killed by cultists`" },
  episode: { what: "the episode", example: "`episode:the voices`" },
  loss: { what: "the SAN loss", example: "`loss:0/1D6`" },
  threat: { what: "the threat", example: "`threat:Violence`" },
  expression: { what: "the dice expression", example: "`expression:1d100`" },
  kind: { what: "the kind", example: "`kind:individual`" },
  era: { what: "the era", example: "`era:modern`" },
  where: { what: "where the Protagonist is", example: "`where:home`" },
  "contributors.where": { what: "where each Protagonist is", example: "`where2:home`" },
  difficulty: { what: "the difficulty", example: "`difficulty:hard`" },
  scope: { what: "the scope", example: "`scope:the whole campaign`" },
  secretRollMode: { what: "the secret-roll mode", example: "`secret-rolls:gm-channel`" },
  json: { what: "the exported file", example: "`file:` with the file `/protagonist export` gave" },
  query: { what: "what you typed" },
  "rules.temporaryInsanityThreshold": {
    what: "the insanity threshold",
    example: "`insanity-threshold:5`",
  },
  "rules.substandardPercent": {
    what: "the sub-standard share",
    example: "`substandard-percent:10`",
  },
  "rules.creationSkillCap": { what: "the creation skill cap", example: "`creation-skill-cap:80`" },
  "rules.exhaustionPenalty": {
    what: "the exhaustion penalty",
    example: "`exhaustion-penalty:20`",
  },
};

/**
 * Values that point at something (ids from autocomplete, buttons and menus): whatever is wrong
 * with them, the thing is gone or was never there, and the way out is to pick again.
 */
const REFERENCES: Readonly<Record<string, string>> = {
  protagonistId: "That Protagonist no longer exists — pick one from the list.",
  protagonistIds: "That Protagonist no longer exists — pick one from the list.",
  survivorIds: "That Protagonist no longer exists — pick one from the list.",
  "contributors.protagonistId": "That Protagonist no longer exists — pick one from the list.",
  campaignId: "That campaign no longer exists — pick one from the list.",
  bondId: "That Bond no longer exists — pick one from the list.",
  choices: "That Bond no longer exists — pick one from the menu.",
  eventId: "That change no longer exists — pick one from the list, or find it with `/history`.",
  beforeId: "This page of the history is out of date — run `/history` again.",
  afterId: "This page of the history is out of date — run `/history` again.",
  testEventId:
    "This shared-adversity test is out of date — run `/campaign downtime adversity` again.",
  ownerId: "That member is not one I can look up — pick them from the list.",
  discordId: "That member or role is not one I can use — pick one with `user:` or `role:`.",
  gmChannelId: "That channel is not one I can use — pick a text channel with `gm-channel:`.",
};

/** Lists the services cap, worded for what they hold. */
const LISTS: Readonly<Record<string, (issue: InputIssue) => string | undefined>> = {
  protagonistIds: (issue) =>
    issue.kind === "too-many"
      ? `At most ${issue.maximum} Protagonists at once — do the rest in a second go.`
      : undefined,
  survivorIds: (issue) => {
    if (issue.kind === "missing") {
      return "A shared adversity needs at least two survivors — for example `survivor1:Miriam survivor2:Ada`, or `all:True`.";
    }
    return issue.kind === "too-many"
      ? `At most ${issue.maximum} survivors share an adversity — test the others in a second go.`
      : undefined;
  },
  contributors: (issue) =>
    issue.kind === "too-many"
      ? `At most ${issue.maximum} Protagonists can pool their Resources at once.`
      : "Name the Protagonists who pool their Resources — for example `with1:Tom`.",
};

const UNKNOWN_VALUE =
  "Something in that command is not one I can use — run it again and pick each option from Discord's lists.";

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pointsOrDiceExample(issue: Extract<InputIssue, { kind: "points-or-dice" }>): string {
  const points = Math.min(Math.max(3, issue.minimum), issue.maximum);
  return `\`amount:${points}\` or \`amount:${issue.onlyDice ?? "1D4"}\``;
}

/** "The amount must be at least 1", with no example yet. */
function problemWords(what: string, issue: InputIssue): string {
  const subject = capitalised(what);
  switch (issue.kind) {
    case "missing":
      return `Give ${what}`;
    case "not-a-number":
      return `${subject} must be a number`;
    case "not-whole":
      return `${subject} must be a whole number`;
    case "not-text":
      return `${subject} must be text`;
    case "too-small":
      return `${subject} must be at least ${count(issue.minimum)}`;
    case "too-big":
      return `${subject} can be at most ${count(issue.maximum)}`;
    case "empty":
      return `${subject} can't be empty`;
    case "too-long":
      return `${subject} can be at most ${count(issue.maximum)} characters long`;
    case "too-many":
      return `${subject} can hold at most ${count(issue.maximum)}`;
    case "control-characters":
      return `${subject} holds control characters (such as tabs or line breaks)`;
    case "not-one-of":
      return `${subject} must be ${orList(issue.allowed.map((value) => `\`${value}\``))}`;
    case "points-or-dice":
      return `${subject} must be a whole number from ${count(issue.minimum)} to ${count(issue.maximum)}, or ${issue.onlyDice ?? "dice"}`;
    case "invalid":
      return `${subject} is not one I can use`;
  }
}

/** What to do about it: an example, or what to change. */
function wayOut(words: ValueWords, issue: InputIssue): string {
  switch (issue.kind) {
    case "too-long":
      return "shorten it";
    case "control-characters":
      return "type it again without them";
    case "not-one-of":
      return "pick one from the list";
    case "points-or-dice":
      return `for example ${pointsOrDiceExample(issue)}`;
    default:
      return words.example === undefined
        ? "check it and try again"
        : `for example ${words.example}`;
  }
}

/** The words for one refused request value. */
export function inputRefusal(problem: InputProblem): string {
  const { field, issue } = problem;
  const listWords = Object.hasOwn(LISTS, field) ? LISTS[field]?.(issue) : undefined;
  if (listWords !== undefined) return listWords;
  if (Object.hasOwn(REFERENCES, field)) return REFERENCES[field] ?? UNKNOWN_VALUE;
  const words = Object.hasOwn(VALUES, field) ? VALUES[field] : undefined;
  if (words === undefined) return UNKNOWN_VALUE;
  return `${problemWords(words.what, issue)} — ${wayOut(words, issue)}.`;
}
