// discord.js's own REST (see client.ts: one REST library in memory).
import { REST, Routes, Status, type Client } from "discord.js";
import type { Sharding } from "../config.js";

/** The shards this process runs, of how many in all; undefined when the bot is not sharded. */
export interface ShardPlan {
  readonly ids: readonly number[];
  readonly count: number;
}

/**
 * Node's options each shard process adds to the manager's. Garbage collection on the shard's main
 * thread alone: shards run as several processes on one host, each V8 with helper threads of its
 * own for every collection; with more busy processes than cores, a collection waits for helpers
 * that another shard's work has taken the core from, and that shard's answers wait with it. The
 * shards are the parallelism. And an old generation let grow to twice what a full collection
 * leaves, not V8's ~1.5: half the full collections, whose marking stalls a shard, for about
 * 30 MB more a shard. Both measured in the scale run (docs/benchmarks.md).
 */
export const SHARD_NODE_OPTIONS = ["--single-threaded-gc", "--heap-growing-percent=100"] as const;

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
