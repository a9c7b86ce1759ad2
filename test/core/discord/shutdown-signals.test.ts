/**
 * Signals: a second SIGTERM means "now" for a bot run alone (a stuck shutdown), but a shard of the
 * sharding manager often gets the stop twice (from the terminal or service manager, and from its
 * manager): it keeps draining its interactions instead of exiting at once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { shutDownOnSignals } from "../../../src/core/discord/shutdown.js";
import { createLogger } from "../../../src/core/logger.js";

const log = createLogger({ level: "silent", format: "json", secrets: [] });

afterEach(() => {
  process.removeAllListeners("SIGTERM");
  process.removeAllListeners("SIGINT");
});

function twoSignals(managed: boolean) {
  const shutdown = vi.fn(() => Promise.resolve());
  const exit = vi.fn();
  shutDownOnSignals(shutdown, log, exit, { managed });
  process.emit("SIGINT", "SIGINT");
  process.emit("SIGTERM", "SIGTERM");
  return { shutdown, exit };
}

describe("shutDownOnSignals", () => {
  it("alone: the first signal drains, a second exits at once", () => {
    const { shutdown, exit } = twoSignals(false);
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it("a shard: the second signal leaves the drain going", () => {
    const { shutdown, exit } = twoSignals(true);
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
  });
});
