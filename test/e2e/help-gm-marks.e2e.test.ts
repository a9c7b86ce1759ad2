/**
 * /help marks (GM) exactly the subcommands the bot refuses to a player even on their own
 * Protagonist, and each of them is so refused; a GM archetype of the wrong shape is refused in
 * the game's words, saying which archetype, where, and what it should look like.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonColumn } from "../../src/store/json.js";
import {
  isEphemeral,
  SECOND_PLAYER_ID,
  startSeededBot,
  type SeededBot,
} from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-help-gm-marks";
let t: SeededBot;
let own: { id: string; name: string };

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
  const [first] = t.table.protagonists;
  if (!first) throw new Error("the seed makes two Protagonists");
  own = first;
}, 60_000);

afterAll(async () => {
  await t.stop();
});

/** Each GM-only subcommand, with options a player would give on their own Protagonist. */
const GM_ONLY: Record<string, Record<string, Record<string, string | boolean> | null>> = {
  campaign: {
    "gm add": { user: SECOND_PLAYER_ID },
    "gm remove": { user: SECOND_PLAYER_ID },
    export: {},
    bind: {},
    "session-end": {},
    "downtime replenish": {},
    "downtime recover": { amount: "5" },
    "downtime adversity": { all: true },
  },
  resources: { gain: { amount: "1" }, lose: { amount: "1" }, uncheck: {}, replenish: {} },
  bond: { erase: { bond: "" } },
  // The Training Extra is off in the seed: its command says so before anything else.
  train: { approve: null },
};

async function overview(): Promise<Record<string, string>> {
  const handle = t.fake.sendSlashCommand({ name: "help" });
  const first = await handle.waitForOriginal();
  return Object.fromEntries(
    [first, ...handle.followUps()]
      .flatMap((m) => m.embeds)
      .flatMap((e) => e.fields ?? [])
      .map((f) => [f.name, f.value]),
  );
}

describe("/help's GM marks", () => {
  it("mark exactly the GM-only subcommands", async () => {
    const fields = await overview();
    for (const [command, subs] of Object.entries(GM_ONLY)) {
      const listed = (fields[`/${command}`] ?? "").split("\n")[1]?.split(" · ") ?? [];
      const marked = listed.filter((s) => s.endsWith(" (GM)")).map((s) => s.slice(1, -6));
      expect(marked, command).toEqual(Object.keys(subs));
    }
    expect(fields["/campaign"]).toContain("`party` · ");
  });

  it.each(
    Object.entries(GM_ONLY).flatMap(([command, subs]) =>
      Object.entries(subs).flatMap(([path, options]) =>
        options === null ? [] : [[command, path, options] as const],
      ),
    ),
  )("/%s %s is refused to a player, on their own Protagonist", async (command, path, options) => {
    const [first, second] = path.split(" ");
    const bond = (await t.db.bond.findFirst({ where: { protagonistId: own.id } }))?.name;
    const reply = await t.fake
      .sendSlashCommand({
        name: command,
        ...(second === undefined
          ? { subcommand: first }
          : { subcommandGroup: first, subcommand: second }),
        options: {
          ...options,
          ...("bond" in options ? { bond: bond ?? "" } : {}),
          ...(command !== "campaign" || path.startsWith("downtime recover")
            ? { protagonist: own.id }
            : {}),
        },
      })
      .waitForOriginal();
    expect(isEphemeral(reply)).toBe(true);
    expect(reply.content).toMatch(/\bGM\b/);
  });

  it("marks the subcommand on the command's own page", async () => {
    const detail = await t.fake
      .sendSlashCommand({ name: "help", options: { command: "resources" } })
      .waitForOriginal();
    const names = detail.embeds[0]?.fields?.map((f) => f.name) ?? [];
    expect(names).toContain("/resources lose (GM)");
    expect(names).toContain("/resources test");
  });
});

describe("a GM archetype of the wrong shape", () => {
  it("is refused in the game's words: which one, where, and what it should be", async () => {
    const good = {
      id: "drifter",
      name: "Drifter",
      era: "modern",
      skills: [{ skill: "Search", rating: 40 }],
      optionalSkillCount: 0,
      optionalSkills: [],
      resources: 2,
      bonds: 1,
    };
    await t.db.campaign.updateMany({
      data: { customContent: { archetypes: [good, { ...good, id: "sailor", skills: ["Swim"] }] } },
    });
    try {
      const reply = await t.fake
        .sendSlashCommand({ name: "protagonist", subcommand: "create" })
        .waitForOriginal();
      expect(isEphemeral(reply)).toBe(true);
      expect(reply.content).toContain("custom archetype 2");
      expect(reply.content).toContain(
        '`skills` entry 1 must be an object, such as {"skill": "Search", "rating": 40}',
      );
      expect(reply.content).toContain("A GM needs to fix it.");
      expect(reply.content).not.toMatch(/Invalid input|expected object/);
    } finally {
      await t.db.campaign.updateMany({ data: { customContent: jsonColumn(null) } });
    }
  });
});
