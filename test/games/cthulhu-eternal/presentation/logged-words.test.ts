/**
 * History lines never show the codes the services log (outcomes, places, difficulties, threats,
 * event kinds): every kind whose summary carries one is logged here through the real services,
 * with every value of each code, and each logged line is read as /history shows it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { historyLine } from "../../../../src/games/cthulhu-eternal/presentation/history-page.js";
import { readableSummary } from "../../../../src/games/cthulhu-eternal/presentation/logged-words.js";
import { eventLines } from "../../../../src/games/cthulhu-eternal/presentation/event-lines.js";
import { PERCENTILE_OUTCOMES } from "../../../../src/games/cthulhu-eternal/rules/percentile.js";
import {
  RESOURCE_DIFFICULTIES,
  RESOURCE_LOCATIONS,
} from "../../../../src/games/cthulhu-eternal/rules/resources.js";
import { THREAT_TYPES } from "../../../../src/games/cthulhu-eternal/rules/types.js";
import { entryOf } from "../../../../src/games/cthulhu-eternal/services/history-entries.js";
import { THE_BOT } from "../../../../src/games/cthulhu-eternal/store/event-reads.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import {
  actor,
  gm,
  GUILD,
  makeWorld,
  OTHER_PLAYER,
  type World,
} from "../../../support/fixtures.js";

let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
});
afterEach(() => world.dispose());

/** Every code a summary may carry, as the services write it. */
const RAW_CODES = [
  ...PERCENTILE_OUTCOMES.filter((code) => code.includes("-")),
  ...RESOURCE_LOCATIONS.filter((code) => code.includes("-")),
  ...RESOURCE_DIFFICULTIES.filter((code) => code.includes("-")),
  "shared-adversity",
];

/** Lower-case threat codes where a summary names a threat: "SAN test (unnatural, …)". */
const RAW_THREAT = new RegExp(`\\((${THREAT_TYPES.join("|")})\\b`);

async function loggedLines(): Promise<{ kind: string; line: string }[]> {
  const rows = await world.db.store.read((tx) =>
    tx.events.list({ guildId: GUILD, viewer: THE_BOT, order: "oldest" }),
  );
  return rows.map((row) => ({ kind: row.kind, line: historyLine(entryOf(row), eventLines()) }));
}

/** Rolls that give each outcome against a target of 50: 11 critical, 30, 70, 100 fumble. */
const OUTCOME_ROLLS = [11, 30, 70, 100];

describe("history lines", () => {
  it("name every outcome, place, difficulty and threat in the game's words", async () => {
    const fellow = await world.addProtagonist(OTHER_PLAYER, { name: "Jack Brand" });
    for (const roll of OUTCOME_ROLLS) {
      rng.queue(...percentileFaces(roll));
      await world.services.rolls.rollTest({
        actor: actor(),
        subject: { kind: "target", target: 50 },
      });
    }
    const uncheck = () => world.db.prisma.protagonist.updateMany({ data: { resourcesChecked: 0 } });
    for (const where of RESOURCE_LOCATIONS) {
      for (const difficulty of RESOURCE_DIFFICULTIES) {
        await uncheck();
        rng.queue(...percentileFaces(1));
        await world.services.resources.test({ actor: actor(), where, difficulty });
      }
    }
    await uncheck();
    rng.queue(...percentileFaces(1));
    await world.services.resources.pool({
      actor: gm(),
      contributors: [
        { protagonistId: world.hero.id, where: "home" },
        { protagonistId: fellow.id, where: "at-hand" },
      ],
    });
    for (const threat of THREAT_TYPES) {
      rng.queue(...percentileFaces(1));
      await world.services.sanity.sanTest({ actor: actor(), loss: "0/1", threat });
    }
    rng.queue(...percentileFaces(11), ...percentileFaces(99));
    await world.services.downtime.sharedAdversityTest({
      actor: gm(),
      survivorIds: [world.hero.id, fellow.id],
    });
    await uncheck();
    rng.queue(...percentileFaces(1));
    const last = await world.services.resources.test({ actor: actor(), where: "at-hand" });
    await world.services.history.undo({ actor: gm(), eventId: last.eventId });

    const lines = await loggedLines();
    const kinds = new Set(lines.map((l) => l.kind));
    for (const kind of ["test", "resource-test", "resource-pool", "san-test", "undo"]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(kinds).toContain("shared-adversity-test");
    for (const { kind, line } of lines) {
      for (const code of RAW_CODES) expect(line, `${kind}: ${line}`).not.toContain(code);
      expect(line, `${kind}: ${line}`).not.toMatch(RAW_THREAT);
    }
    const text = lines.map((l) => l.line).join("\n");
    expect(text).toContain(": critical success");
    expect(text).toContain(": fumble");
    expect(text).toContain("Resources test (at hand, very hard to get)");
    expect(text).toContain("Resources test (with vehicle, hard to get)");
    expect(text).toContain("SAN test (Unnatural, ");
    expect(text).toContain("shared adversity SAN test");
  });

  it("leave what players wrote alone", () => {
    const summary = "Ada: Bond “at-hand critical-success” 5 → 4 (1D4: 1)";
    expect(readableSummary(summary)).toBe(summary);
  });
});
