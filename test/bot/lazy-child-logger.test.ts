/**
 * The per-interaction logger is made only when something is logged, and then logs exactly as a
 * pino child would.
 */
import { describe, expect, it } from "vitest";
import { lazyChildLogger } from "../../src/lazy-child-logger.js";
import { createLogger } from "../../src/logger.js";
import { captureLogs } from "./support/log-capture.js";

function parentAt(level: "info" | "debug") {
  const logs = captureLogs();
  return { parent: createLogger({ level, format: "json", secrets: [], destination: logs }), logs };
}

describe("a lazy child logger", () => {
  it("logs with its bindings, like a child", () => {
    const { parent, logs } = parentAt("info");
    const log = lazyChildLogger(parent, () => ({ interactionId: "42", command: "roll" }));
    log.info({ status: 204 }, "answered");
    log.child({ step: "reply" }).warn("slow");
    expect(logs.lines).toEqual([
      expect.objectContaining({ level: 30, msg: "answered", interactionId: "42", status: 204 }),
      expect.objectContaining({ level: 40, msg: "slow", interactionId: "42", step: "reply" }),
    ]);
  });

  it("works out its bindings only once something is logged, and only once", () => {
    const { parent, logs } = parentAt("info");
    let made = 0;
    const log = lazyChildLogger(parent, () => {
      made += 1;
      return { interactionId: "42" };
    });
    log.debug({ ms: 1 }, "routine");
    log.trace("noise");
    expect(made).toBe(0);
    log.error("failed");
    log.info("again");
    expect(log.isLevelEnabled("debug")).toBe(false);
    expect(made).toBe(1);
    expect(logs.lines.map((line) => line.msg)).toEqual(["failed", "again"]);
  });

  it("keeps levels enabled on the parent: debug lines appear when debug is on", () => {
    const { parent, logs } = parentAt("debug");
    const log = lazyChildLogger(parent, () => ({ interactionId: "7" }));
    log.debug("routine");
    expect(logs.lines).toEqual([expect.objectContaining({ level: 20, interactionId: "7" })]);
  });
});
