import { creationViolationText } from "./creation-violations.js";
import { isPendingDisorder } from "./disorders.js";
import { bold, plain, quoted } from "./inline-text.js";
import { inputNoteText } from "./input-problems.js";
import { rulesRefusalText } from "./rules-refusals.js";
import type {
  DependentAction,
  MissingThing,
  RangeBound,
  ServiceRefusal,
  ServiceRefusalCode,
} from "../services/refusals.js";

/**
 * Every refusal of Cthulhu Eternal's services in the players' words: what was wrong and what to
 * do. One entry per code; a code added to the services without its sentence here fails the type
 * check.
 */
type RefusalTexts = {
  readonly [C in ServiceRefusalCode]: (refusal: Extract<ServiceRefusal, { code: C }>) => string;
};

const plural = (count: number, one: string, many: string): string => (count === 1 ? one : many);

/** Creation violations listed in one reply; Discord messages are short. */
const MAX_LISTED_VIOLATIONS = 15;

const MISSING: Readonly<Record<MissingThing, string>> = {
  protagonist: "That Protagonist",
  change: "That change",
  "san-test": "That SAN test",
  "group-san-test": "That group SAN test",
  "broken-bond": "That broken Bond",
  "shared-adversity-test": "That shared-adversity test",
};

const ACTION: Readonly<Record<DependentAction, string>> = {
  "project-san-loss": "project that SAN loss",
};

const BOUND: Readonly<Record<Exclude<RangeBound, "resource-boxes">, string>> = {
  "max-hp": "max HP",
  "max-wp": "max WP",
  "max-san": "Max SAN",
};

const NOTHING_TO_UNDO =
  "changed nothing (a roll, a setting, or a SAN test that cost nothing), so there is nothing to undo.";

function boundText(r: Extract<ServiceRefusal, { code: "out-of-range" }>): string {
  if (r.bound === undefined) return "";
  if (r.bound === "resource-boxes") return ` (Resources ${r.resources ?? 0} has ${r.max})`;
  return ` (${BOUND[r.bound]})`;
}

/** A disorder opening a sentence: quoted by name, or the unnamed one a breaking point left. */
const disorderSubject = (name: string): string =>
  isPendingDisorder(name) ? "The unnamed disorder" : quoted(name);

function missingText(r: Extract<ServiceRefusal, { code: "not-found" }>): string {
  const what = r.thing === "change" && r.id !== undefined ? `Change #${r.id}` : MISSING[r.thing];
  return `${what} was not found in this server.`;
}

export const SERVICE_REFUSAL_TEXT: RefusalTexts = {
  "not-found": missingText,
  "no-campaign-yet": () =>
    "This server has no campaign yet. A GM can start one with `/campaign create`.",
  "no-active-protagonist": (r) =>
    `You have no active Protagonist in ${bold(r.campaign)}. Create one with \`/protagonist create\`.`,
  "several-protagonists": () =>
    "You play several Protagonists here: choose one with `/protagonist select` (or name it in the command).",
  "name-a-protagonist": () => "Name at least one Protagonist.",
  "listed-twice": () => "A Protagonist is listed twice.",
  "test-needs-protagonist": (r) => `A ${r.test} test needs a Protagonist.`,

  "gm-only": (r) => `Only a GM of ${bold(r.campaign)} (or someone with Manage Server) can do that.`,
  "not-yours": (r) => `${bold(r.protagonist)} is not yours. Only the player or a GM can do that.`,
  "pool-not-yours": (r) =>
    `${bold(r.protagonist)} is not yours: its player accepts the pool first (the offer's button), or a GM pools it.`,
  "gain-needs-gm": () =>
    "The GM decides what a find is worth: ask your GM to award it, and they roll the gain for you.",
  "status-needs-gm": () => "Only a GM can change a Protagonist's status.",
  "erase-disorder-needs-gm": () => "Only a GM can erase a disorder from a sheet.",
  "campaign-needs-manage-server": () =>
    "Creating another campaign needs the Manage Server permission.",
  "default-campaign-gm-only": (r) =>
    `${bold(r.campaign)} is the server's default campaign: only a GM of it (or someone with Manage Server) can make another campaign the default.`,
  "bound-channel-gm-only": (r) =>
    `This channel plays ${bold(r.campaign)}: only a GM of it (or someone with Manage Server) can bind it to another campaign.`,

  "campaign-name-taken": (r) => `A campaign called ${bold(r.name)} already exists here.`,
  "campaign-extras-invalid": (r) =>
    r.problem === "unknown-module"
      ? `The file switches on an Extra this bot doesn't have (${bold(r.module)}): nothing was imported.`
      : `The file's ${r.problem === "setting" ? "settings" : "data"} of the Extra ${bold(r.module)} can't be read: nothing was imported.`,
  "campaign-file-invalid": (r) =>
    `That is not a campaign file \`/campaign export\` made${r.path ? ` (at ${bold(r.path)})` : ""}: nothing was imported.`,
  "gm-channel-needed": () =>
    "Posting secret rolls to a GM channel needs `gm-channel` set to a channel.",
  "custom-content-invalid": (r) =>
    `The custom archetypes/skills of ${bold(r.campaign)} are not valid: ${
      r.path === null ? "they" : `\`${r.path}\``
    } ${inputNoteText(r.problem)}. A GM needs to fix them.`,
  "session-ended": () => "That session has already ended.",

  "protagonist-name-taken": (r) =>
    `${bold(r.campaign)} already has a Protagonist called ${bold(r.name)}. Choose another name.`,
  "out-of-play": (r) =>
    `${bold(r.protagonist)} is ${r.status} and out of play. If that was a mistake, undo the change that caused it.`,
  "cannot-be-played": (r) => `${bold(r.protagonist)} is ${r.status} and can't be played.`,
  "already-status": (r) => `${bold(r.protagonist)} is already ${r.status}.`,
  "no-more-san-tests": (r) => `${bold(r.protagonist)} is ${r.status} and takes no more SAN tests.`,
  "select-in-other-campaign": (r) =>
    `This channel plays ${bold(r.here)}, but ${bold(r.protagonist)} belongs to ${bold(r.campaign)}. Select it for the whole campaign, or in one of its channels.`,
  "say-what-to-change": () => "Say what to change.",
  "changes-nothing": (r) => `That changes nothing on ${bold(r.protagonist)}'s sheet.`,
  "out-of-range": (r) => `\`${r.field}\` must be from ${r.min} to ${r.max}${boundText(r)}.`,
  "skill-listed-twice": (r) => `${quoted(r.skill)} is listed twice; give each skill once.`,
  "skill-unknown": (r) =>
    `There is no skill called ${quoted(r.skill)} in this campaign. Pick one from the list.`,
  "specialisation-missing": (r) =>
    `${plain(r.skill)} needs a specialisation: write it in brackets, e.g. “${plain(r.skill)} (Something)”.`,
  "specialisation-unexpected": (r) =>
    `${plain(r.skill)} takes no specialisation; write just ${quoted(r.skill)}.`,
  "no-such-disorder": (r) =>
    `${bold(r.protagonist)} has no such disorder. Pick one from the sheet.`,
  "disorder-already-cured": (r) => `${disorderSubject(r.disorder)} is already cured.`,
  "disorder-not-cured": (r) =>
    `${disorderSubject(r.disorder)} is not cured: only a cured disorder can be erased from the sheet.`,
  "cannot-create-yet": (r) => {
    const listed = r.violations
      .slice(0, MAX_LISTED_VIOLATIONS)
      .map((v) => `- ${plain(creationViolationText(v))}`);
    const more = r.violations.length - listed.length;
    return [
      "This Protagonist can't be created yet:",
      ...listed,
      ...(more > 0 ? [`…and ${more} more.`] : []),
    ].join("\n");
  },
  "rules-refused": (r) => rulesRefusalText(r.refusal),
  "bad-input": (r) => `${r.field ? `\`${r.field}\`` : "The input"} ${inputNoteText(r.note)}.`,
  "import-too-large": (r) => `That file is too large: an export is at most ${r.maxKb} kB.`,
  "import-not-json": () =>
    "That is not valid JSON. Attach the file exactly as `/protagonist export` made it.",
  "import-refused": (r) =>
    `That file can't be imported as it is (${r.problems} ${plural(r.problems, "problem", "problems")}); nothing was changed.`,
  "changed-since": (r) =>
    `${bold(r.protagonist)} changed since then in a way the log can't undo safely.`,
  "campaign-data-changed-since": (r) =>
    `The campaign's \`${r.module}\` Extra changed again since then (a later change to its entities or catalogue): undo that later change first, newest first (see \`/history\`; a GM can undo any).`,

  "above-maximum": (r) => `${bold(r.protagonist)} has at most ${r.max} ${r.pool}.`,
  "corruption-unavailable": () =>
    "This bot has no Corruption module: a loss can't be corrupting here. Leave `corrupting` out.",
  "opponents-unavailable": () =>
    "This bot has no bestiary: a roll can't name an opponent here. Leave `opponent` out.",
  "opponent-needs-a-test": () =>
    "An opponent changes a Protagonist's skill or stat test: give `skill:` or `stat:` with it.",
  "corrupting-is-a-loss": () =>
    "Only a loss can be corrupting: use `corrupting:True` with `damage`.",
  "no-resources-left": (r) =>
    `${bold(r.protagonist)} has Resources 0: there is nothing left to lose.`,
  "too-few-unchecked": (r) => {
    const unchecked = r.boxes - r.checked;
    return `${bold(r.protagonist)} has ${unchecked} unchecked Resource ${plural(unchecked, "box", "boxes")} (${r.checked}/${r.boxes} checked); can't check ${r.asked}.`;
  },
  "too-few-checked": (r) =>
    `${bold(r.protagonist)} has only ${r.checked} checked Resource ${plural(r.checked, "box", "boxes")}; can't uncheck ${r.asked}.`,
  "members-in-other-campaign": (r) =>
    `${bold(r.stranger)} plays in another campaign than ${bold(r.first)}.`,

  "bond-unnamed": () => "Name the Bond (`name`), or the fellow Protagonist it is to (`fellow`).",
  "bond-at-maximum": (r) =>
    `The Bond ${quoted(r.bond)} is already at its maximum (${r.maximum}); it can't go higher.`,
  "bond-to-self": (r) =>
    `A Bond is to someone else: ${bold(r.protagonist)} cannot have a Bond with themselves.`,
  "bond-across-campaigns": (r) =>
    `${bold(r.fellow)} plays in another campaign: a Bond links Protagonists of the same campaign.`,
  "bond-not-broken": (r) =>
    `${bold(r.bond)} is no longer broken (the change was undone): there is no SAN test to call for.`,
  "broken-bond-tested": (r) =>
    `The Helplessness SAN test for ${bold(r.bond)} was already rolled (#${r.eventId}).`,

  "san-test-undone": () => "That SAN test was undone.",
  "san-loss-projected": () => "That SAN loss has already been projected onto a Bond.",
  "san-loss-not-projectable": () =>
    "That SAN loss can't be projected: projecting needs SAN lost, WP to spend and a standing Bond.",
  "no-san-test-to-project": (r) => `${bold(r.protagonist)} has no SAN test to project.`,
  "adversity-needs-two": () => "Shared adversity needs at least two different survivors.",
  "adversity-across-campaigns": () => "All survivors must belong to the same campaign.",
  "adversity-choose-fellows": (r) =>
    `${r.candidates} fellows made it back: choose the ${r.toChoose} to bond with first.`,
  "adversity-applied": () => "That shared adversity has already been applied.",

  "no-change-to-undo": () => "You have no change to undo here.",
  "name-the-change": () => "Say which change to undo.",
  "undo-of-undo": (r) =>
    r.eventId === undefined
      ? "An undo can't be undone; make the change again instead."
      : `#${r.eventId} is an undo; it can't be undone. Make the change again instead.`,
  "already-undone": (r) =>
    r.eventId === undefined
      ? "That change was already undone."
      : `#${r.eventId} was already undone${r.by === undefined ? "" : ` (by #${r.by})`}.`,
  "nothing-to-undo": (r) =>
    `${r.eventId === undefined ? "That entry" : `#${r.eventId}`} ${NOTHING_TO_UNDO}`,
  "later-change": (r) =>
    `Can't ${ACTION[r.action]}: a later change depends on it (#${r.eventId}, in \`/history\`). Undo that first.`,
  "later-change-hidden": (r) =>
    `Can't ${ACTION[r.action]}: a later change depends on it (one only its author and the GMs can see). Ask a GM.`,
};

export function serviceRefusalText(refusal: ServiceRefusal): string {
  const render = SERVICE_REFUSAL_TEXT[refusal.code] as (r: ServiceRefusal) => string;
  return render(refusal);
}
