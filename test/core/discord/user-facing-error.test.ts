/**
 * The one mapping from errors to what players read: service and rules refusals as written, the
 * store's busy or read-only database as "busy, try again" (the store turns its engine's errors
 * into those: test/db/store-errors.test.ts), and discord.js's complaints about options a stale
 * command sent; anything else is a bug.
 */
import { DiscordjsErrorCodes } from "discord.js";
import { describe, expect, it } from "vitest";
import { eternalUserMessageOf } from "../../../src/games/cthulhu-eternal/presentation/refusals.js";
import {
  UserError,
  databaseUnavailability,
  unavailableMessages,
  userMessageOf,
} from "../../../src/core/discord/user-facing-error.js";
import { RulesError } from "../../../src/games/cthulhu-eternal/rules/errors.js";
import { notFound } from "../../../src/games/cthulhu-eternal/services/errors.js";
import { StoreUnavailable } from "../../../src/store/store.js";

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

  it("says 'busy, try again' or 'cannot be written' when the store could not serve", () => {
    const busy = new StoreUnavailable("busy");
    expect(databaseUnavailability(busy)).toBe("busy");
    expect(userMessageOf(busy)).toBe(unavailableMessages.busy);
    const readOnly = new StoreUnavailable("read-only");
    expect(databaseUnavailability(readOnly)).toBe("readOnly");
    expect(userMessageOf(readOnly)).toBe(unavailableMessages.readOnly);
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
    // An engine's own code is the store's to word; as it is, it is a bug.
    expect(userMessageOf({ code: "SQLITE_BUSY" })).toBeUndefined();
    expect(userMessageOf(null)).toBeUndefined();
    expect(userMessageOf("SQLITE_BUSY")).toBeUndefined();
  });
});
