import { describe, expect, it } from "vitest";
import { createLogger, REDACTED, scrubSecrets } from "../../src/core/logger.js";
import { captureLogs } from "./discord/support/log-capture.js";

const TOKEN = "MTA5ODc2NTQzMjEwOTg3NjU0.GhIjKl.secret-token-value_xyz";

function loggerWith(format: "json" | "pretty") {
  const logs = captureLogs();
  return {
    log: createLogger({ level: "trace", format, secrets: [TOKEN], destination: logs }),
    logs,
  };
}

describe("logger", () => {
  it("writes JSON lines with level, time and message", () => {
    const { log, logs } = loggerWith("json");
    log.info({ guildId: "1" }, "hello");
    expect(logs.lines[0]).toMatchObject({ level: 30, msg: "hello", guildId: "1" });
    expect(typeof logs.lines[0]?.time).toBe("string");
  });

  it("censors credential fields by name", () => {
    const { log, logs } = loggerWith("json");
    log.info({ token: "other-secret", headers: { authorization: "Bot other-secret" } }, "request");
    log.info({ config: { discordToken: "other-secret" } }, "config");
    expect(logs.raw.join("")).not.toContain("other-secret");
    expect(logs.lines[0]).toMatchObject({ token: REDACTED, headers: { authorization: REDACTED } });
    expect(logs.lines[1]).toMatchObject({ config: { discordToken: REDACTED } });
  });

  it.each(["json", "pretty"] as const)(
    "scrubs the token from messages, errors, stacks and any field (%s)",
    (format) => {
      const { log, logs } = loggerWith(format);
      log.info(`connecting with ${TOKEN}`);
      log.error({ err: new Error(`401 for Bot ${TOKEN}`) }, "request failed");
      log.warn({ deeply: { nested: [{ value: `x${TOKEN}y` }] } }, "odd");
      log.info("formatted %s", TOKEN);
      const child = log.child({ session: TOKEN });
      child.debug("from a child");
      const output = logs.raw.join("");
      expect(logs.raw.length).toBeGreaterThanOrEqual(5);
      expect(output).not.toContain(TOKEN);
      expect(output).not.toContain("secret-token-value");
      expect(output).toContain(REDACTED);
    },
  );

  it("scrubs JSON-escaped forms too", () => {
    const secret = 'with"quote';
    expect(scrubSecrets(JSON.stringify({ v: secret }), [secret])).toBe(`{"v":"${REDACTED}"}`);
    expect(scrubSecrets("nothing here", ["", TOKEN])).toBe("nothing here");
  });
});
