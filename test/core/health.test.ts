import { afterEach, describe, expect, it } from "vitest";
import type { Server } from "node:http";
import { closeHealthServer, startHealthServer } from "../../src/core/health.js";
import { loadConfig } from "../../src/core/config.js";

let server: Server | undefined;
afterEach(() => closeHealthServer(server));

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const address = server?.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  const response = await fetch(`http://127.0.0.1:${address.port}${path}`);
  return { status: response.status, body: await response.json() };
}

describe("health endpoint", () => {
  it("is healthy only when Discord is connected and the database's probe passes", async () => {
    let discord = false;
    let database = true;
    server = await startHealthServer(
      { discord: () => discord, database: () => Promise.resolve(database) },
      0,
    );
    expect(await get("/health")).toEqual({
      status: 503,
      body: { status: "unhealthy", discord: false, database: true },
    });
    discord = true;
    expect(await get("/health")).toEqual({
      status: 200,
      body: { status: "ok", discord: true, database: true },
    });
    database = false;
    expect((await get("/health")).status).toBe(503);
  });

  it("treats a database error as unhealthy and other paths as not found", async () => {
    server = await startHealthServer(
      { discord: () => true, database: () => Promise.reject(new Error("locked")) },
      0,
    );
    expect(await get("/health")).toEqual({
      status: 503,
      body: { status: "unhealthy", discord: true, database: false },
    });
    expect((await get("/other")).status).toBe(404);
  });

  it("is off unless HEALTH_PORT is set, and HEALTH_PORT must be a port", () => {
    expect(loadConfig({ DISCORD_TOKEN: "t" }).healthPort).toBeUndefined();
    expect(loadConfig({ DISCORD_TOKEN: "t", HEALTH_PORT: "8080" }).healthPort).toBe(8080);
    expect(() => loadConfig({ DISCORD_TOKEN: "t", HEALTH_PORT: "http" })).toThrow(
      /HEALTH_PORT must be a port number/,
    );
  });
});
