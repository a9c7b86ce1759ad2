/**
 * Interaction and webhook tokens ride in the URLs discord.js errors carry (`url`, messages,
 * stacks); whoever reads the logs must not be able to answer or edit as the bot with them.
 */
import { describe, expect, it } from "vitest";
import { createLogger, REDACTED, scrubUrlTokens } from "../../src/core/logger.js";
import { captureLogs } from "./discord/support/log-capture.js";

const INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OkFCQ0RFRmdoaWprbG1ub3A_x-y.z";

describe("scrubUrlTokens", () => {
  it("redacts the token of interaction callbacks and webhook messages, keeping the route", () => {
    expect(
      scrubUrlTokens(
        `https://discord.com/api/v10/interactions/1234567890/${INTERACTION_TOKEN}/callback`,
      ),
    ).toBe(`https://discord.com/api/v10/interactions/1234567890/${REDACTED}/callback`);
    expect(scrubUrlTokens(`/webhooks/42/${INTERACTION_TOKEN}/messages/@original`)).toBe(
      `/webhooks/42/${REDACTED}/messages/@original`,
    );
  });

  it("leaves routes and ids alone", () => {
    const route = "/interactions/:id/:token/callback and /channels/123/messages";
    expect(scrubUrlTokens(route)).toBe(route);
  });
});

describe("the logger", () => {
  it.each(["json", "pretty"] as const)(
    "never writes an interaction token, wherever an error carries it (%s)",
    (format) => {
      const logs = captureLogs();
      const log = createLogger({ level: "trace", format, secrets: [], destination: logs });
      const url = `http://127.0.0.1/api/v10/webhooks/99/${INTERACTION_TOKEN}/messages/@original`;
      const error = Object.assign(new Error(`PATCH ${url} failed`), { url, status: 404 });
      log.error({ err: error }, "could not edit the reply");
      const output = logs.raw.join("");
      expect(output).toContain("could not edit the reply");
      expect(output).not.toContain(INTERACTION_TOKEN);
      expect(output).toContain(REDACTED);
    },
  );
});
