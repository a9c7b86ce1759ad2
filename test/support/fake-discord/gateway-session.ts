/**
 * Gateway sessions and their sockets: sequence numbers, the RESUME replay buffer, frame encoding,
 * and the dispatches a session answers with on its own (READY, member chunks).
 */
import { randomBytes } from "node:crypto";
import { ApplicationFlags, GatewayCloseCodes, GatewayOpcodes } from "discord.js";
import type { GatewayGuildMembersChunkDispatchData, GatewayReadyDispatchData } from "discord.js";
import { WebSocket, type RawData } from "ws";
import { asArray, asNumber, asRecord, asString, type JsonRecord } from "./guards.js";
import type { FakeWorld, GuildState } from "./world.js";

const MAX_BUFFERED_EVENTS = 1000;

export interface DispatchedEvent {
  s: number;
  t: string;
  d: unknown;
}

export interface Connection {
  socket: WebSocket;
  path: string;
  session: GatewaySession | undefined;
}

export class GatewaySession {
  readonly id = randomBytes(16).toString("hex");
  seq = 0;
  readonly events: DispatchedEvent[] = [];
  connection: Connection | undefined;
  /** READY or RESUMED was sent on the current connection. */
  live = false;
  invalid = false;

  constructor(
    connection: Connection,
    readonly token: string | undefined,
    private readonly log: (line: string) => void,
  ) {
    this.connection = connection;
  }

  /** Sends a dispatch with the next sequence number, or only buffers it while disconnected. */
  dispatch(event: string, data: unknown, buffer: boolean): number {
    this.seq += 1;
    const payload: DispatchedEvent = { s: this.seq, t: event, d: data };
    if (buffer) {
      this.events.push(payload);
      if (this.events.length > MAX_BUFFERED_EVENTS) this.events.shift();
    }
    const connection = this.connection;
    if (connection !== undefined)
      sendFrame(connection, { op: GatewayOpcodes.Dispatch, ...payload });
    this.log(`GW -> ${event} s=${this.seq}${connection === undefined ? " (buffered)" : ""}`);
    return this.seq;
  }

  /** Re-sends the buffered dispatches the bot has not seen (those after `seq`), as RESUME does. */
  replayAfter(seq: number): void {
    const connection = this.connection;
    if (connection === undefined) return;
    for (const event of this.events) {
      if (event.s > seq) sendFrame(connection, { op: GatewayOpcodes.Dispatch, ...event });
    }
  }
}

/** READY for a new session: every guild is listed unavailable until its GUILD_CREATE arrives. */
export function buildReady(
  world: FakeWorld,
  session: GatewaySession,
  resumeUrl: string,
  identifyShard: unknown,
  onThisShard: (guildId: string) => boolean = () => true,
): GatewayReadyDispatchData {
  const shard = asArray(identifyShard);
  return {
    v: 10,
    user: { ...world.botUser, verified: true, mfa_enabled: false },
    guilds: [...world.guilds.keys()].filter(onThisShard).map((id) => ({ id, unavailable: true })),
    session_id: session.id,
    resume_gateway_url: resumeUrl,
    shard: [asNumber(shard[0]) ?? 0, asNumber(shard[1]) ?? 1],
    application: {
      id: world.applicationId,
      flags: ApplicationFlags.GatewayMessageContentLimited,
      flags_new: String(ApplicationFlags.GatewayMessageContentLimited),
    },
  };
}

/**
 * The answer to op 8 (Request Guild Members): the whole member list in one chunk. The bot's nonce
 * is echoed as sent, even if it is not a string.
 */
export function buildMembersChunk(
  guild: GuildState,
  nonce: unknown,
): Omit<GatewayGuildMembersChunkDispatchData, "nonce"> & { nonce?: unknown } {
  return {
    guild_id: guild.id,
    members: [...guild.members.values()],
    chunk_index: 0,
    chunk_count: 1,
    not_found: [],
    ...(nonce === undefined ? {} : { nonce }),
  };
}

export function sendFrame(connection: Connection, payload: JsonRecord): void {
  if (connection.socket.readyState !== WebSocket.OPEN) return;
  connection.socket.send(JSON.stringify({ s: null, t: null, ...payload }));
}

/**
 * Sends an op on the session's current connection; throws without one, since the test control
 * that called it would otherwise silently do nothing.
 */
export function sendToSession(session: GatewaySession | undefined, payload: JsonRecord): void {
  const connection = session?.connection;
  if (connection === undefined) {
    throw new Error(
      `fake Discord: no connected gateway session to send op ${String(payload.op)} to`,
    );
  }
  sendFrame(connection, payload);
}

/** The close code and reason for a connection URL asking for what the fake does not speak. */
export function refuseQuery(url: URL): { code: GatewayCloseCodes; reason: string } | undefined {
  const version = url.searchParams.get("v");
  if (version !== null && version !== "10") {
    return { code: GatewayCloseCodes.InvalidAPIVersion, reason: "Invalid API version" };
  }
  const encoding = url.searchParams.get("encoding");
  if (encoding !== null && encoding !== "json") {
    // The fake speaks JSON only (discord.js uses it unless erlpack is swapped in).
    return {
      code: GatewayCloseCodes.DecodeError,
      reason: "Only encoding=json is supported by the fake",
    };
  }
  // No `compress=zlib-stream` support is needed: discord.js only asks for it when zlib-sync is
  // installed, and @discordjs/ws parses plain text frames either way.
  return undefined;
}

/** The JSON payload of a frame from the bot, or undefined if it cannot be decoded. */
export function parseFrame(data: RawData, isBinary: boolean): JsonRecord | undefined {
  try {
    const text = isBinary ? "" : rawToString(data);
    return asRecord(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The token from IDENTIFY/RESUME, with any "Bot " prefix removed. */
export function gatewayToken(value: unknown): string | undefined {
  return asString(value)?.replace(/^Bot\s+/i, "");
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}
