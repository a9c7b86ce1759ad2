import {
  cultistsStore,
  gameTxOn,
} from "../../../../src/games/cultists-of-cthulhu/store/game-store.js";
import { storeOn } from "../../../../src/store/store.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seededRng } from "../../../../src/core/rng.js";
import {
  createCultistsService,
  LOGS_KEPT,
  type CultistsService,
  type Table,
} from "../../../../src/games/cultists-of-cthulhu/services/game-service.js";
import { openTempDatabase } from "../../../support/temp-db.js";
import { sheet } from "../rules/support.js";

/** The game's service on a real, migrated SQLite file. */

type Db = Awaited<ReturnType<typeof openTempDatabase>>;
let db: Db;
let service: CultistsService;
const TABLE: Table = { guildId: "g1", channelId: "c1" };
const HOST = "100000000000000001";

beforeEach(async () => {
  db = await openTempDatabase();
  service = createCultistsService({ store: cultistsStore(db), rng: seededRng(7) });
});
afterEach(async () => {
  await db.dispose();
});

async function openWithPlayers(players: string[]): Promise<void> {
  expect((await service.open(TABLE, HOST, "Fungi from Yuggoth")).ok).toBe(true);
  for (const p of players)
    expect((await service.act(TABLE, { by: p, type: "join" })).ok).toBe(true);
}

describe("the Cultists of Cthulhu service", () => {
  it("opens one game per channel, stores it, and refuses a second while it runs", async () => {
    await openWithPlayers(["a", "b"]);
    const again = await service.open(TABLE, "a", "Cult of Cthulhu");
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.refusal).toEqual({ code: "game-already-open" });
    const loaded = await service.read(TABLE);
    expect(loaded?.record.state.seats).toEqual(["a", "b"]);
    expect(loaded?.record.version).toBe(3);
    expect(loaded?.facts.map((f) => f.type)).toEqual([
      "game-opened",
      "player-joined",
      "player-joined",
    ]);
    // Another channel, another guild: no game there.
    expect(await service.read({ guildId: "g1", channelId: "c2" })).toBeUndefined();
    expect(await service.read({ guildId: "g2", channelId: "c1" })).toBeUndefined();
  });

  it("a refusal changes nothing: state, version and log stay as they were", async () => {
    await openWithPlayers(["a"]);
    const before = await service.read(TABLE);
    const refused = await service.act(TABLE, { by: "a", type: "join" });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.refusal).toEqual({ code: "already-joined", player: "a" });
    const after = await service.read(TABLE);
    expect(after?.record.version).toBe(before?.record.version);
    expect(after?.record.state).toEqual(before?.record.state);
    expect(after?.facts).toEqual(before?.facts);
  });

  it("refuses an action with no game, and a button of another game", async () => {
    const none = await service.act(TABLE, { by: "a", type: "join" });
    expect(!none.ok && none.refusal).toEqual({ code: "no-game" });
    await openWithPlayers([]);
    const other = await service.act(TABLE, { by: "a", type: "join" }, "another-game-id");
    expect(!other.ok && other.refusal).toEqual({ code: "other-game" });
  });

  it("a setting the host changes holds for the game, survives a reload, and undo takes it back", async () => {
    await openWithPlayers(["a"]);
    const change = { by: HOST, type: "change-setting", key: "dice.green", value: "6/0/0" } as const;
    const changed = await service.act(TABLE, change);
    expect(changed.ok && changed.game.settings.dice.green).toEqual({ good: 6, weird: 0, bad: 0 });
    // A fresh service reads the same settings from the stored log.
    const fresh = createCultistsService({ store: cultistsStore(db), rng: seededRng(1) });
    expect((await fresh.read(TABLE))?.settings.dice.green).toEqual({ good: 6, weird: 0, bad: 0 });
    const refused = await service.act(TABLE, { ...change, value: "6/6/6/6" });
    expect(!refused.ok && refused.refusal).toEqual({ code: "invalid-setting", key: "dice.green" });
    expect((await service.read(TABLE))?.settings.dice.green.good).toBe(6);
    expect((await service.undo(TABLE, HOST)).ok).toBe(true);
    expect((await service.read(TABLE))?.settings.dice.green).toEqual({ good: 3, weird: 2, bad: 1 });
  });

  it("undo: host only, restores the state before the last action and drops its facts", async () => {
    await openWithPlayers(["a", "b"]);
    const notHost = await service.undo(TABLE, "a");
    expect(!notHost.ok && notHost.refusal).toEqual({ code: "host-only" });
    const undone = await service.undo(TABLE, HOST);
    expect(undone.ok).toBe(true);
    const loaded = await service.read(TABLE);
    expect(loaded?.record.state.seats).toEqual(["a"]);
    expect(loaded?.facts.map((f) => f.type)).toEqual(["game-opened", "player-joined"]);
    await service.undo(TABLE, HOST);
    const nothing = await service.undo(TABLE, HOST);
    expect(!nothing.ok && nothing.refusal).toEqual({ code: "nothing-to-undo" });
    expect((await service.read(TABLE))?.record.state.seats).toEqual([]);
  });

  it("a new game may open once the last one ended; reads then find the new one", async () => {
    await openWithPlayers(["a"]);
    expect((await service.act(TABLE, { by: HOST, type: "end-game" })).ok).toBe(true);
    const next = await service.open(TABLE, "a", "Cult of Cthulhu");
    expect(next.ok).toBe(true);
    const loaded = await service.read(TABLE);
    expect(loaded?.record.hostId).toBe("a");
    expect(loaded?.record.state.scenario).toBe("Cult of Cthulhu");
    expect(loaded?.facts.map((f) => f.type)).toEqual(["game-opened"]);
  });

  it("remembers the status message", async () => {
    const opened = await service.open(TABLE, HOST, "Fungi from Yuggoth");
    if (!opened.ok) throw new Error("not opened");
    await service.setStatusMessage(TABLE, opened.game.record.id, "555");
    expect((await service.read(TABLE))?.record.statusMessageId).toBe("555");
  });

  it("saves characters per owner and server, finds them by name, and enters them", async () => {
    expect(await service.saveCharacter("g1", "a", sheet("Nelson Blake"))).toBeNull();
    expect(await service.saveCharacter("g1", "a", { ...sheet("  "), name: "  " })).toEqual({
      code: "invalid-sheet",
      field: "name",
    });
    expect(await service.savedCharacterNames("g1", "a", "nel")).toEqual(["Nelson Blake"]);
    expect(await service.savedCharacterNames("g1", "b", "")).toEqual([]);
    expect(await service.savedCharacterNames("g2", "a", "")).toEqual([]);
    await openWithPlayers(["a"]);
    await service.act(TABLE, { by: HOST, type: "start" });
    const missing = await service.enterSaved(TABLE, "a", "Nobody");
    expect(!missing.ok && missing.refusal).toEqual({ code: "no-saved-character", name: "Nobody" });
    const entered = await service.enterSaved(TABLE, "a", "nelson blake");
    expect(entered.ok).toBe(true);
    const names = Object.values((await service.read(TABLE))?.record.state.characters ?? {}).map(
      (c) => c.sheet.name,
    );
    expect(names).toEqual(["Nelson Blake"]);
  });

  it("survives a restart: a new service on the same file reads the same game", async () => {
    await openWithPlayers(["a", "b", "c"]);
    const again = createCultistsService({ store: cultistsStore(db), rng: seededRng(1) });
    expect((await again.read(TABLE))?.record.state.seats).toEqual(["a", "b", "c"]);
  });

  it("keeps the logs of the latest games only: an older one is read from the store again", async () => {
    let reads = 0;
    // The game's store, counting the reads of a game's log.
    const store = storeOn(db, (client) => {
      const tx = gameTxOn(client);
      return {
        ...tx,
        facts: (guildId: string, gameId: string) => {
          reads += 1;
          return tx.facts(guildId, gameId);
        },
      };
    });
    const bounded = createCultistsService({ store, rng: seededRng(1) });
    const tables = Array.from({ length: LOGS_KEPT + 1 }, (_, i) => ({
      guildId: "g1",
      channelId: `c${i}`,
    }));
    for (const table of tables) {
      expect((await bounded.open(table, HOST, "Fungi")).ok).toBe(true);
      await bounded.read(table);
    }
    const [first, second] = tables as [Table, Table];
    reads = 0;
    await bounded.read(tables.at(-1) ?? first);
    expect(reads).toBe(0);
    // The first game's log made room for the last one's.
    await bounded.read(first);
    expect(reads).toBe(1);
    // Read again, it is kept; the second game is now the oldest and made room for it.
    await bounded.read(first);
    expect(reads).toBe(1);
    await bounded.read(second);
    expect(reads).toBe(2);
  });
});
