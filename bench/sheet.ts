/**
 * The sheet's render: `/protagonist show` as a Components V2 layout (with its roll menus) beside
 * the embeds it was before, for the seed's usual sheet and for the largest one the bot accepts,
 * built and serialised as discord.js sends them. Both run in this process, alternating.
 */
import { sheetMessages } from "../src/games/cthulhu-eternal/presentation/protagonist-sheet.js";
import { sheetLayout } from "../src/games/cthulhu-eternal/presentation/sheet-layout.js";
import { conditionsOf } from "../src/games/cthulhu-eternal/rules/conditions.js";
import { SKILL_NAME_MAX } from "../src/games/cthulhu-eternal/rules/creation/index.js";
import { SHEET_LIMITS } from "../src/games/cthulhu-eternal/rules/sheet-limits.js";
import type { ProtagonistView } from "../src/games/cthulhu-eternal/services/protagonist-queries.js";
import type { ProtagonistSnapshot } from "../src/games/cthulhu-eternal/services/snapshot.js";
import type { Row, SectionResult } from "./report.js";
import { median, ratio, round } from "./stats.js";

export interface SheetSizes {
  rounds: number;
  rendersPerRound: number;
}

/** Under a millisecond is nothing beside Discord's round trip of tens of milliseconds. */
const TARGET_MS = 1;
const MENUS = { command: "protagonist", skillAction: "sskill", statAction: "sstat" };

function sheet(skills: number, nameLength: number, lists: number): ProtagonistSnapshot {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    guildId: "100000000000000001",
    campaignId: "c",
    ownerId: "300000000000000002",
    name: "Dr. Miriam Vance",
    status: "active",
    archetype: "Researcher / Scientist",
    harshness: "normal",
    stats: { STR: 10, DEX: 11, CON: 12, INT: 15, POW: 14, CHA: 12 },
    hpMax: 11,
    hp: 9,
    wpMax: 14,
    wp: 12,
    san: 60,
    breakingPoint: 56,
    adaptation: {
      violence: { boxes: 1, adapted: false },
      helplessness: { boxes: 0, adapted: false },
    },
    exhausted: false,
    temporarilyInsane: false,
    resources: { rating: 8, atHand: 6, stowed: 2, storage: 0, checked: 1 },
    notes: lists > 5 ? "A long note. ".repeat(150) : "Smokes too much.",
    skills: Array.from({ length: skills }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      name: `Skill ${i} `.padEnd(nameLength, "s"),
      key: `skill ${i}`,
      rating: 10 + (i % 80),
      failureMarked: i % 7 === 0,
      failureMarkVisibleTo: null,
    })),
    bonds: Array.from({ length: lists }, (_, i) => ({
      id: `b${i}`,
      name: `Bond ${i}`.padEnd(lists > 5 ? 100 : 12, "x"),
      kind: "individual" as const,
      score: 10,
      crossedOff: false,
      fellowId: null,
    })),
    disorders: Array.from({ length: Math.min(lists, 30) }, (_, i) => ({
      id: `d${i}`,
      name: `Disorder ${i}`.padEnd(lists > 5 ? 200 : 14, "y"),
      threat: null,
      cured: false,
    })),
  };
}

function viewOf(protagonist: ProtagonistSnapshot): ProtagonistView {
  return {
    protagonist,
    hiddenMarks: [],
    campaign: { id: "c", name: "Night Floors" },
    derived: { maxSan: 99, recoverySan: 70, damageBonus: 0, resourceCheckBoxes: 2 },
    conditions: conditionsOf(protagonist),
    canEdit: true,
  };
}

let sink = 0;

/** Milliseconds per render, the median over rounds. */
function perRender(render: () => number, sizes: SheetSizes, other: () => number) {
  const ours: number[] = [];
  const theirs: number[] = [];
  const time = (fn: () => number) => {
    const started = performance.now();
    for (let i = 0; i < sizes.rendersPerRound; i += 1) sink += fn();
    return (performance.now() - started) / sizes.rendersPerRound;
  };
  for (let round = 0; round < sizes.rounds; round += 1) {
    if (round % 2 === 0) {
      ours.push(time(render));
      theirs.push(time(other));
    } else {
      theirs.push(time(other));
      ours.push(time(render));
    }
  }
  return { ours: median(ours), embeds: median(theirs) };
}

export function runSheetBench(sizes: SheetSizes): SectionResult {
  const cases = {
    "the seed's sheet (45 skills, 2 Bonds)": viewOf(sheet(45, 14, 2)),
    "the largest sheet accepted": viewOf(
      sheet(SHEET_LIMITS.skills, SKILL_NAME_MAX, SHEET_LIMITS.bonds),
    ),
  };
  const rows: Row[] = [];
  const data: Record<string, unknown> = {};
  for (const [label, view] of Object.entries(cases)) {
    const v2 = () => sheetLayout(view, [], MENUS).reduce((n, c) => n + JSON.stringify(c).length, 0);
    const embeds = () =>
      sheetMessages(view).reduce(
        (n, message) => n + JSON.stringify(message.map((e) => e.toJSON())).length,
        0,
      );
    const result = perRender(v2, sizes, embeds);
    data[label] = { v2Ms: result.ours, embedsMs: result.embeds };
    rows.push({
      measure: `render ${label}`,
      ours: `${round(result.ours * 1000, 0)} µs`,
      baseline: `${round(result.embeds * 1000, 0)} µs`,
      ratio: ratio(result.ours, result.embeds),
      target: `< ${TARGET_MS} ms`,
      pass: result.ours < TARGET_MS,
    });
  }
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink); // keeps the renders from being optimised away
  return {
    title: "Sheet",
    ours: "`sheetLayout`: the Components V2 sheet with its roll menus, built and serialised",
    baseline: "`sheetMessages`: the embeds `/protagonist show` posted before, built and serialised",
    rows,
    data,
  };
}
