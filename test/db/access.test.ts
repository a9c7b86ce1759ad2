/**
 * The health check's write probe: true on the bot's connection, false on one that can only read
 * (a file the bot may not write, a read-only mount), and it writes nothing either way.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acceptsWrites } from "../../src/core/db/access.js";
import { connectDatabase } from "../../src/core/db/client.js";
import { openTempDatabase } from "../support/temp-db.js";

let db: Awaited<ReturnType<typeof openTempDatabase>>;

beforeEach(async () => {
  db = await openTempDatabase();
});

afterEach(async () => {
  await db.dispose();
});

describe("acceptsWrites", () => {
  it("is true on a connection that writes, and changes nothing", async () => {
    const before = db.sql.connection.prepare("SELECT total_changes() AS n").get();
    expect(await acceptsWrites(db.sql)).toBe(true);
    expect(db.sql.connection.prepare("SELECT total_changes() AS n").get()).toEqual(before);
  });

  it("is false on a connection that can only read", async () => {
    const reader = await connectDatabase(db.file, { readonly: true });
    try {
      expect(await acceptsWrites(reader.sql)).toBe(false);
    } finally {
      await reader.prisma.$disconnect();
      reader.sql.connection.close();
    }
  });
});
