import { parseSkillName, type BondChoice } from "../rules/creation/index.js";
import { STAT_NAMES, type StatName, type Stats } from "../rules/types.js";
import { SKILL_NAME_MAX } from "../rules/creation/index.js";
import { truncate } from "../../../core/discord/format.js";

/**
 * Reading what a player typed into the creation flow's forms. These parsers only turn text into
 * the shape of the creation choices and say, in the player's words, when a line can't be read;
 * whether the choices are allowed is the creation rules' job (their violations are shown after).
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const problem = <T>(text: string): Parsed<T> => ({ ok: false, problem: text });

/** Longest Bond name the creation choices accept. */
const BOND_NAME_MAX = 100;
/** More lines than any Protagonist needs; stops a pasted essay early. */
const MAX_LINES = 30;

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

function quote(text: string): string {
  return `“${truncate(text, 60)}”`;
}

const STAT_LINE = /^([a-z]{3})\s*[:=]?\s*(-?\d+)$/i;

/**
 * Six stats, as `STR 12` lines (also `STR: 12`, several on a line separated by commas), or six
 * numbers in the order STR, DEX, CON, INT, POW, CHA. Values are whole numbers; their range is
 * checked by the rules.
 */
export function parseStats(text: string): Parsed<Stats> {
  const trimmed = text.trim();
  if (/^[-\d\s,;]+$/.test(trimmed)) {
    const numbers = trimmed.split(/[\s,;]+/).filter((n) => n !== "");
    if (numbers.length !== STAT_NAMES.length) {
      return problem(
        `Give six numbers (STR, DEX, CON, INT, POW, CHA); you gave ${numbers.length}. Or write one stat per line, like \`STR 12\`.`,
      );
    }
    const stats: Partial<Stats> = {};
    STAT_NAMES.forEach((stat, index) => (stats[stat] = Number(numbers[index])));
    return ok(stats as Stats);
  }
  const stats: Partial<Record<StatName, number>> = {};
  for (const piece of trimmed.split(/[\n,;]+/).map((p) => p.trim())) {
    if (piece === "") continue;
    const match = STAT_LINE.exec(piece);
    const stat = STAT_NAMES.find((name) => name === match?.[1]?.toUpperCase());
    if (match === null || stat === undefined) {
      return problem(
        `${quote(piece)} isn't a stat line: write STR, DEX, CON, INT, POW or CHA and a whole number, like \`STR 12\`.`,
      );
    }
    if (stats[stat] !== undefined) return problem(`${stat} is given twice; give each stat once.`);
    stats[stat] = Number(match[2]);
  }
  const missing = STAT_NAMES.filter((stat) => stats[stat] === undefined);
  if (missing.length > 0) {
    return problem(
      `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing: give all six stats.`,
    );
  }
  return ok(stats as Stats);
}

/** The stats form's text for these values (blank after the name when unknown). */
export function formatStats(stats: Partial<Stats>): string {
  return STAT_NAMES.map((stat) => `${stat} ${stats[stat] ?? ""}`.trimEnd()).join("\n");
}

const REPEAT = /\s*[x×]\s*(\d+)$/i;
const BULLET = /^(?:[-•*]|\d+[.)])\s*/;

/**
 * Skills, one per line; `Occult ×2` (or `x2`) repeats a pick. Bullets and numbering are ignored,
 * so a pasted list works. Names are resolved by the rules (unknown ones are reported there).
 */
export function parseSkillLines(text: string, maxPicks: number): Parsed<string[]> {
  const picks: string[] = [];
  const given = lines(text);
  if (given.length > MAX_LINES)
    return problem(`That is ${given.length} lines; write one skill per line.`);
  for (const line of given) {
    const withoutBullet = line.replace(BULLET, "");
    const repeat = REPEAT.exec(withoutBullet);
    const count = repeat === null ? 1 : Number(repeat[1]);
    const name = (repeat === null ? withoutBullet : withoutBullet.slice(0, repeat.index)).trim();
    if (name === "") return problem(`${quote(line)} names no skill.`);
    if (name.length > SKILL_NAME_MAX) {
      return problem(`${quote(name)} is longer than ${SKILL_NAME_MAX} characters.`);
    }
    if (count < 1 || picks.length + count > maxPicks) {
      return problem(`That is more than ${maxPicks} picks; remove some lines.`);
    }
    for (let i = 0; i < count; i += 1) picks.push(name);
  }
  return ok(picks);
}

/** The skills form's text: one per line, repeats written `×2`, in first-picked order. */
export function formatSkillLines(picks: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const pick of picks) counts.set(pick, (counts.get(pick) ?? 0) + 1);
  return [...counts].map(([name, count]) => (count === 1 ? name : `${name} ×${count}`)).join("\n");
}

/** A "(Type)" skill and the kind a player named for it. */
export interface SkillKind {
  skill: string;
  kind: string;
}

/** Kinds of "(Type)" skills, one per line: `Foreign Language (Latin)` or `Foreign Language: Latin`. */
export function parseKindLines(text: string): Parsed<SkillKind[]> {
  const given = lines(text);
  if (given.length > MAX_LINES)
    return problem(`That is ${given.length} lines; write one per line.`);
  const kinds: SkillKind[] = [];
  for (const line of given) {
    const withoutBullet = line.replace(BULLET, "");
    const colon = /^([^:(]+):\s*(.+)$/.exec(withoutBullet);
    const parsed = parseSkillName(
      colon === null ? withoutBullet : `${colon[1] ?? ""} (${colon[2] ?? ""})`,
    );
    if (parsed.name === "" || parsed.specialisation === null) {
      return problem(
        `${quote(line)} names no kind: write the skill and its kind, like \`Foreign Language (Latin)\`.`,
      );
    }
    kinds.push({ skill: parsed.name, kind: parsed.specialisation });
  }
  return ok(kinds);
}

const KINDS: Readonly<Record<string, BondChoice["kind"]>> = {
  individual: "individual",
  ind: "individual",
  i: "individual",
  person: "individual",
  community: "community",
  comm: "community",
  c: "community",
  group: "community",
};

const TRADE_IN = /^(?:(\d+)\s*picks?|(?:trade|picks?)\s*(\d+))$/i;
const SET_TO_ONE = /^(?:at|set to|=)\s*1$/i;

/**
 * Bonds, one per line: `Name | individual` or `Name | community`, and for a Community Bond an
 * optional third part: `2 picks` (bonus picks traded in for it) or `at 1` (starts at 1 for one
 * extra bonus pick).
 */
export function parseBondLines(text: string): Parsed<BondChoice[]> {
  const given = lines(text);
  if (given.length > MAX_LINES)
    return problem(`That is ${given.length} lines; write one Bond per line.`);
  const bonds: BondChoice[] = [];
  for (const line of given) {
    const [rawName = "", rawKind = "", rawExtra = "", ...rest] = line
      .replace(BULLET, "")
      .split("|")
      .map((part) => part.trim());
    const example = "`Her brother Tom | individual` or `St. Mary's parish | community`";
    if (rest.length > 0)
      return problem(`${quote(line)} has too many “|”; write it like ${example}.`);
    if (rawName === "") return problem(`${quote(line)} has no name; write it like ${example}.`);
    if (rawName.length > BOND_NAME_MAX) {
      return problem(`The Bond name ${quote(rawName)} is longer than ${BOND_NAME_MAX} characters.`);
    }
    const kind = KINDS[rawKind.toLowerCase()];
    if (kind === undefined) {
      return problem(`Say whether ${quote(rawName)} is individual or community, like ${example}.`);
    }
    const bond: BondChoice = { name: rawName, kind };
    if (rawExtra !== "") {
      const trade = TRADE_IN.exec(rawExtra);
      if (trade !== null) bond.tradeInPicks = Number(trade[1] ?? trade[2]);
      else if (SET_TO_ONE.test(rawExtra)) bond.setToOne = true;
      else {
        return problem(
          `${quote(rawExtra)} (for ${quote(rawName)}) isn't understood: write \`2 picks\` to trade bonus picks in, or \`at 1\` to start it at 1 for an extra pick.`,
        );
      }
    }
    bonds.push(bond);
  }
  return ok(bonds);
}

/** The Bonds form's text for these choices. */
export function formatBondLines(bonds: readonly BondChoice[]): string {
  return bonds
    .map((bond) => {
      const extra =
        bond.setToOne === true
          ? " | at 1"
          : (bond.tradeInPicks ?? 0) > 0
            ? ` | ${String(bond.tradeInPicks)} picks`
            : "";
      return `${bond.name} | ${bond.kind}${extra}`;
    })
    .join("\n");
}
