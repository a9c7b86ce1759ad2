/**
 * The one mapping from errors to what players read: service and rules refusals as written, a busy
 * or read-only database (raw from better-sqlite3 and as Prisma wraps it) as "busy, try again",
 * and discord.js's complaints about options a stale command sent; anything else is a bug.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import BetterSqlite3 from "better-sqlite3";
import { DiscordjsErrorCodes } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eternalUserMessageOf } from "../../../src/games/cthulhu-eternal/presentation/refusals.js";
import {
  UserError,
  databaseUnavailability,
  unavailableMessages,
  userMessageOf,
} from "../../../src/core/discord/user-facing-error.js";
import { PrismaClient } from "../../../src/generated/prisma/client.js";
import { RulesError } from "../../../src/games/cthulhu-eternal/rules/errors.js";
import { notFound } from "../../../src/games/cthulhu-eternal/services/errors.js";

let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ce-errors-"));
  file = join(dir, "db.sqlite");
  const setup = new BetterSqlite3(file);
  setup.pragma("journal_mode = WAL");
  setup.exec("CREATE TABLE Thing (id INTEGER PRIMARY KEY, name TEXT)");
  setup.close();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `write` while another connection holds the write lock; returns what it threw. */
async function whileLocked(write: () => unknown): Promise<unknown> {
  const holder = new BetterSqlite3(file);
  holder.exec("BEGIN IMMEDIATE");
  try {
    await write();
  } catch (error) {
    return error;
  } finally {
    holder.exec("ROLLBACK");
    holder.close();
  }
  throw new Error("the write was expected to fail");
}

describe("userMessageOf", () => {
  it("shows refusals as written", () => {
    expect(userMessageOf(new UserError("Not here."))).toBe("Not here.");
    expect(eternalUserMessageOf(notFound("protagonist"))).toBe(
      "That Protagonist was not found in this server.",
    );
    expect(eternalUserMessageOf(new RulesError("x", "The rules say no."))).toBe(
      "The rules say no.",
    );
  });

  it("tries the game's own words first, and knows no game's errors without them", () => {
    const rules = new RulesError("x", "The rules say no.");
    expect(userMessageOf(rules, () => "Worded by the game.")).toBe("Worded by the game.");
    expect(userMessageOf(rules)).toBeUndefined();
  });

  it("says 'busy, try again' for a database locked by another connection", async () => {
    const raw = await whileLocked(() => {
      const db = new BetterSqlite3(file, { timeout: 0 });
      try {
        db.prepare("INSERT INTO Thing (name) VALUES ('x')").run();
      } finally {
        db.close();
      }
    });
    expect(databaseUnavailability(raw)).toBe("busy");
    expect(userMessageOf(raw)).toBe(unavailableMessages.busy);

    const prisma = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: file, timeout: 0 }),
    });
    try {
      const wrapped = await whileLocked(() =>
        prisma.$executeRawUnsafe("INSERT INTO Thing (name) VALUES ('y')"),
      );
      expect(databaseUnavailability(wrapped)).toBe("busy");
      expect(userMessageOf(wrapped)).toBe(unavailableMessages.busy);
    } finally {
      await prisma.$disconnect();
    }
  });

  it("says the records cannot be written for a read-only database", async () => {
    const prisma = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: file, readonly: true }),
    });
    let wrapped: unknown;
    try {
      await prisma.$executeRawUnsafe("INSERT INTO Thing (name) VALUES ('z')");
    } catch (error) {
      wrapped = error;
    } finally {
      await prisma.$disconnect();
    }
    expect(databaseUnavailability(wrapped)).toBe("readOnly");
    expect(userMessageOf(wrapped)).toBe(unavailableMessages.readOnly);
  });

  it("explains options a stale command sent, instead of failing as a bug", () => {
    // Shaped like discord.js's own (its constructor is private to the typings).
    const error = Object.assign(
      new TypeError('Option "amount" is of type: STRING; expected INTEGER.'),
      {
        code: DiscordjsErrorCodes.CommandInteractionOptionType,
      },
    );
    expect(userMessageOf(error)).toBe(unavailableMessages.staleCommand);
  });

  it("leaves everything else to the bug path", () => {
    expect(userMessageOf(new Error("database on fire"))).toBeUndefined();
    expect(userMessageOf({ code: "SQLITE_CORRUPT" })).toBeUndefined();
    expect(userMessageOf(null)).toBeUndefined();
    expect(userMessageOf("SQLITE_BUSY")).toBeUndefined();
  });
});
