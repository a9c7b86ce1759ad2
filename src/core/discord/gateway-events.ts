/**
 * What happened to the gateway connection, read from discord.js's debug lines: its public events
 * do not say why a shard reconnects (Discord asked, the connection dropped, or the session was
 * invalidated), and operators need that once, at the right level. The wording is pinned by
 * test/reliability/outages.test.ts against the installed discord.js.
 */
export type GatewayIncident =
  /** Op 7: routine, Discord moves the bot to another server. */
  | { readonly kind: "reconnect-requested" }
  /** Op 9: Discord dropped the session; when not resumable, events meanwhile are lost. */
  | { readonly kind: "session-invalidated"; readonly resumable: boolean }
  /** The socket closed without being asked to; the library resumes or reconnects. */
  | {
      readonly kind: "connection-lost";
      /** The library's own reason (e.g. "Zombie connection"), when it gave one. */
      readonly reason: string | undefined;
      readonly code: number | undefined;
      readonly recovery: "resume" | "reconnect";
    };

/** discord.js prefixes its shard's lines with "[WS => Shard 0] ". */
const SHARD_PREFIX = String.raw`^(?:\[WS => Shard \d+\] )?`;
const INVALID_SESSION = new RegExp(
  `${SHARD_PREFIX}Invalid session; will attempt to resume: (true|false)`,
);
const DESTROYING = new RegExp(
  `${SHARD_PREFIX}Destroying shard\\n\\s*Reason: (.*)\\n\\s*Code: (\\d+)\\n\\s*Recover: (\\w+)`,
);

/** The incident a discord.js debug line reports, if any (most lines report none). */
export function gatewayIncidentOf(debugLine: string): GatewayIncident | undefined {
  const invalid = INVALID_SESSION.exec(debugLine);
  if (invalid) return { kind: "session-invalidated", resumable: invalid[1] === "true" };
  const destroying = DESTROYING.exec(debugLine);
  if (!destroying) return undefined;
  const [, reason, code, recover] = destroying;
  // "none": the bot itself is stopping; the invalid session was reported by its own line.
  if (recover !== "Resume" && recover !== "Reconnect") return undefined;
  if (reason === "Invalid session") return undefined;
  if (reason === "Told to reconnect by Discord") return { kind: "reconnect-requested" };
  return {
    kind: "connection-lost",
    reason: reason === undefined || reason === "none" ? undefined : reason,
    code: code === undefined ? undefined : Number(code),
    recovery: recover === "Resume" ? "resume" : "reconnect",
  };
}
