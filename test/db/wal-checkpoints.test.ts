/**
 * Commits no longer copy the WAL into the database file themselves (SQLite's automatic checkpoint,
 * with its fsyncs, ran inside one commit in a hundred); the copy happens right after, on the event
 * loop's next turn.
 */
import { statSync } from "node:fs";
import { afterEach, beforeEach, expect, it } from "vitest";
import { CHECKPOINT_EVERY_COMMITS } from "../../src/core/db/wal-checkpoints.js";
import { openTempDatabase } from "../support/temp-db.js";

let db: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  db = await openTempDatabase();
});
afterEach(() => db.dispose());

const size = (file: string) => statSync(file).size;

it("copies the WAL into the database file after the commits, not during them", async () => {
  const { store } = db;
  const before = size(db.file);
  const commits = Array.from({ length: CHECKPOINT_EVERY_COMMITS * 3 }, (_, i) =>
    store.transaction((tx) =>
      tx.events.append({
        guildId: "100000000000000001",
        campaignId: null,
        actorId: "300000000000000002",
        kind: "roll",
        sessionNumber: null,
        input: { expression: "1d100", note: "x".repeat(3000) },
        payloadVersion: 1,
        payload: { expression: "1d100", total: i },
      }),
    ),
  );
  await Promise.all(commits);
  // All of them committed, each in its own transaction, within this turn: nothing was copied yet.
  expect(size(db.file)).toBe(before);
  expect(size(`${db.file}-wal`)).toBeGreaterThan(CHECKPOINT_EVERY_COMMITS * 3 * 3000);
  await new Promise((resolve) => setImmediate(resolve));
  expect(size(db.file)).toBeGreaterThan(before + CHECKPOINT_EVERY_COMMITS * 3 * 3000);
});
