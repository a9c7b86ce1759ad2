/** Discord-style snowflake ids, so discord.js can derive createdAt from them like it does in production. */

const DISCORD_EPOCH = 1_420_070_400_000n;
const WORKER_ID = 1n;

let lastTimestamp = 0n;
let increment = 0n;

/** A fresh snowflake, strictly increasing across calls (ids sort by creation like Discord's). */
export function nextSnowflake(now: number = Date.now()): string {
  let timestamp = BigInt(now) - DISCORD_EPOCH;
  if (timestamp <= lastTimestamp) {
    // Same (or earlier) millisecond: bump the increment, borrowing the next millisecond on overflow.
    timestamp = lastTimestamp;
    increment += 1n;
    if (increment > 0xfffn) {
      timestamp += 1n;
      increment = 0n;
    }
  } else {
    increment = 0n;
  }
  lastTimestamp = timestamp;
  return ((timestamp << 22n) | (WORKER_ID << 17n) | increment).toString();
}

/** Unix milliseconds encoded in a snowflake. */
export function snowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

/** A random interaction token: opaque to the bot, unique per interaction. */
export function randomToken(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  let token = "aW50ZXJhY3Rpb246";
  for (let i = 0; i < 64; i += 1) {
    token += alphabet[Math.floor(Math.random() * alphabet.length)] ?? "x";
  }
  return token;
}
