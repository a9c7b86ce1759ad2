import { createServer, type Server } from "node:http";

export interface HealthProbe {
  /** Connected to Discord's gateway and ready. */
  discord(): boolean;
  /** Each shard this process runs, and whether it is ready (a sharded bot's health lists them). */
  shards?(): { id: number; ready: boolean }[];
  /** The database takes writes (bot-state-service.ts: databaseTakesWrites). */
  database(): Promise<boolean>;
}

/**
 * A tiny HTTP endpoint for container health checks: GET /health answers 200 when Discord is
 * connected and the database reachable, 503 otherwise, with a JSON body saying which part failed.
 * Bound to loopback by default: it is for the container's own HEALTHCHECK, not the internet.
 */
export async function startHealthServer(
  probe: HealthProbe,
  port: number,
  host = "127.0.0.1",
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/health") {
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    void (async () => {
      const shards = probe.shards?.();
      const discord = probe.discord() && (shards ?? []).every((shard) => shard.ready);
      const database = await probe.database().catch(() => false);
      const healthy = discord && database;
      response.writeHead(healthy ? 200 : 503, { "content-type": "application/json" }).end(
        JSON.stringify({
          status: healthy ? "ok" : "unhealthy",
          discord,
          database,
          ...(shards ? { shards } : {}),
        }),
      );
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

export async function closeHealthServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
}
