// discord.js's own REST (see client.ts: one REST library in memory).
import { REST, Routes, Status, type Client } from "discord.js";
import type { Sharding } from "../config.js";

/** The shards this process runs, of how many in all; undefined when the bot is not sharded. */
export interface ShardPlan {
  readonly ids: readonly number[];
  readonly count: number;
}

/** What `GET /gateway/bot` says (asked at DISCORD_API_URL, like every other call). */
export async function gatewayInfo(
  apiUrl: string,
  token: string,
): Promise<{ shards: number; maxConcurrency: number }> {
  const rest = new REST({ api: apiUrl }).setToken(token);
  const gateway = (await rest.get(Routes.gatewayBot())) as {
    shards?: unknown;
    session_start_limit?: { max_concurrency?: unknown };
  };
  const whole = (value: unknown) => (typeof value === "number" && value >= 1 ? value : 1);
  return {
    shards: whole(gateway.shards),
    maxConcurrency: whole(gateway.session_start_limit?.max_concurrency),
  };
}

/** The number of shards to run: SHARD_COUNT's number, or for `auto` Discord's recommendation. */
export async function resolveShardCount(
  count: number | "auto",
  apiUrl: string,
  token: string,
): Promise<number> {
  return count === "auto" ? (await gatewayInfo(apiUrl, token)).shards : count;
}

/** The plan for this process: the ids SHARDS names, or all of them. */
export async function shardPlan(
  sharding: Sharding | undefined,
  apiUrl: string,
  token: string,
): Promise<ShardPlan | undefined> {
  if (sharding === undefined) return undefined;
  const count = await resolveShardCount(sharding.count, apiUrl, token);
  return { count, ids: sharding.ids ?? Array.from({ length: count }, (_, id) => id) };
}

/** Each of the process's shards and whether it is connected and ready. */
export function shardStates(client: Client): { id: number; ready: boolean }[] {
  return [...client.ws.shards.values()].map((shard) => ({
    id: shard.id,
    ready: shard.status === Status.Ready,
  }));
}

/**
 * Whether this process registers the commands: the one that runs shard 0 (or the only one),
 * so that processes starting together do not all register.
 */
export function registersCommands(plan: ShardPlan | undefined): boolean {
  return plan === undefined || plan.ids.includes(0);
}
