import { DiscordjsErrorCodes } from "discord.js";
import { fieldOf } from "./error-fields.js";

/**
 * Why logging in to Discord failed, in one line for whoever runs the bot: a token Discord refused
 * is the admin's to fix in DISCORD_TOKEN; anything else (no connection, no name resolution, a
 * timeout, Discord's server errors) means Discord, or DISCORD_API_URL, could not be reached.
 */
export function loginFailureMessage(error: unknown, apiUrl: string): string {
  if (isTokenRefused(error)) return "Discord refused the token: is DISCORD_TOKEN right?";
  return `could not reach Discord at ${apiUrl}: ${unreachableReason(error)}`;
}

function isTokenRefused(error: unknown): boolean {
  const code = fieldOf(error, "code");
  return (
    code === DiscordjsErrorCodes.TokenInvalid ||
    code === DiscordjsErrorCodes.TokenMissing ||
    fieldOf(error, "status") === 401
  );
}

const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: "the connection was refused",
  ECONNRESET: "the connection was reset",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved (DNS)",
  ETIMEDOUT: "no answer in time",
  UND_ERR_CONNECT_TIMEOUT: "no answer in time",
  UND_ERR_SOCKET: "the connection broke",
};

/** The first reason found along the error and its causes. */
function unreachableReason(error: unknown): string {
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth++) {
    const code = fieldOf(current, "code");
    if (typeof code === "string" && Object.hasOwn(NETWORK_REASONS, code)) {
      return NETWORK_REASONS[code] ?? code;
    }
    const status = fieldOf(current, "status");
    if (typeof status === "number") return `Discord answered HTTP ${status}`;
    const name = fieldOf(current, "name");
    if (name === "AbortError" || name === "TimeoutError") return "no answer in time";
    current = fieldOf(current, "cause");
  }
  return error instanceof Error ? error.message : String(error);
}
