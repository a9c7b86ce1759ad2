import { describe, expect, it } from "vitest";
import { InFlight } from "../../../src/core/discord/in-flight.js";
import { createShutdown } from "../../../src/core/discord/shutdown.js";
import { createLogger } from "../../../src/core/logger.js";
import { captureLogs } from "./support/log-capture.js";

function steps(overrides: { drained?: boolean; failingCloser?: string } = {}) {
  const calls: string[] = [];
  const exits: number[] = [];
  const shutdown = createShutdown({
    log: createLogger({ level: "info", format: "json", secrets: [], destination: captureLogs() }),
    stopAccepting: () => calls.push("stop accepting"),
    drain: (timeoutMs) => {
      calls.push(`drain ${timeoutMs}`);
      return Promise.resolve(overrides.drained ?? true);
    },
    closers: ["client", "database"].map((name) => ({
      name,
      close: () => {
        calls.push(`close ${name}`);
        return name === overrides.failingCloser
          ? Promise.reject(new Error(`${name} stuck`))
          : Promise.resolve();
      },
    })),
    exit: (code) => exits.push(code),
    drainTimeoutMs: 1234,
  });
  return { shutdown, calls, exits };
}

describe("shutdown", () => {
  it("stops accepting, drains, closes client then database, exits 0", async () => {
    const { shutdown, calls, exits } = steps();
    await shutdown("SIGTERM");
    expect(calls).toEqual(["stop accepting", "drain 1234", "close client", "close database"]);
    expect(exits).toEqual([0]);
  });

  it("runs once however often it is asked", async () => {
    const { shutdown, calls, exits } = steps();
    await Promise.all([shutdown("SIGTERM"), shutdown("SIGINT")]);
    expect(calls.filter((call) => call === "stop accepting")).toHaveLength(1);
    expect(exits).toEqual([0]);
  });

  it("still closes everything when draining times out", async () => {
    const { shutdown, calls, exits } = steps({ drained: false });
    await shutdown("SIGTERM");
    expect(calls).toContain("close database");
    expect(exits).toEqual([0]);
  });

  it("closes the rest and exits 1 when something cannot close", async () => {
    const { shutdown, calls, exits } = steps({ failingCloser: "client" });
    await shutdown("SIGTERM");
    expect(calls).toContain("close database");
    expect(exits).toEqual([1]);
  });
});

describe("InFlight", () => {
  it("waits for work, including work started while waiting", async () => {
    const inFlight = new InFlight();
    let finishFirst = (): void => undefined;
    let finishSecond = (): void => undefined;
    void inFlight.track(new Promise<void>((resolve) => (finishFirst = resolve)));
    const idle = inFlight.idle(5_000);
    void inFlight.track(new Promise<void>((resolve) => (finishSecond = resolve)));
    finishFirst();
    await Promise.resolve();
    expect(inFlight.size).toBe(1);
    finishSecond();
    expect(await idle).toBe(true);
    expect(inFlight.size).toBe(0);
  });

  it("gives up after the timeout", async () => {
    const inFlight = new InFlight();
    void inFlight.track(new Promise(() => undefined));
    expect(await inFlight.idle(20)).toBe(false);
  });

  it("forgets failed work too", async () => {
    const inFlight = new InFlight();
    const failing = inFlight.track(Promise.reject(new Error("x")));
    await expect(failing).rejects.toThrow("x");
    expect(inFlight.size).toBe(0);
    expect(await inFlight.idle(20)).toBe(true);
  });
});
