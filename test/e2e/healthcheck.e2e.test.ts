/**
 * The container's health check asks the endpoint where the bot listens: HEALTH_HOST (a wildcard
 * address on loopback), not always 127.0.0.1.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { closeHealthServer, startHealthServer } from "../../src/core/health.js";

const HEALTHCHECK = resolve(import.meta.dirname, "../../dist/scripts/healthcheck.js");

describe("dist/scripts/healthcheck.js", () => {
  it.each([
    ["127.0.0.2", "127.0.0.2"],
    ["0.0.0.0", "0.0.0.0"],
    ["127.0.0.1", undefined],
  ])("finds a bot listening on %s (HEALTH_HOST %s)", async (listen, healthHost) => {
    const server = await startHealthServer(
      { discord: () => true, database: () => Promise.resolve(true) },
      0,
      listen,
    );
    try {
      const { port } = server.address() as AddressInfo;
      // Rejects when the check exits with a status other than 0.
      const checked = await promisify(execFile)(process.execPath, [HEALTHCHECK], {
        env: {
          PATH: process.env.PATH ?? "",
          HEALTH_PORT: String(port),
          ...(healthHost ? { HEALTH_HOST: healthHost } : {}),
        },
        timeout: 10_000,
      });
      expect(checked.stdout).toContain('"status":"ok"');
    } finally {
      await closeHealthServer(server);
    }
  });
});
