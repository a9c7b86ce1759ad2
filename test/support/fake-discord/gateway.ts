/**
 * The gateway half of the fake: HELLO/IDENTIFY/READY, GUILD_CREATE, heartbeats, RESUME with replay,
 * and controls to misbehave like Discord does (reconnect requests, invalid sessions, drops).
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
} from "discord.js";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { GatewayLog, type GatewayLogEntry, type GatewayLogKind } from "./gateway-log.js";
import {
  buildMembersChunk,
  buildReady,
  GatewaySession,
  gatewayToken,
  parseFrame,
  refuseQuery,
  sendFrame,
  sendToSession,
  type Connection,
  type DispatchedEvent,
} from "./gateway-session.js";
import { asArray, asNumber, asRecord, asString, type JsonRecord } from "./guards.js";
import type { ChangeNotifier } from "./notifier.js";
import { buildGuildCreate } from "./payloads.js";
import type { FakeWorld } from "./world.js";

export type { GatewayLogEntry, GatewayLogKind } from "./gateway-log.js";
export type { DispatchedEvent } from "./gateway-session.js";

export interface IdentifyRecord {
  token: string | undefined;
  intents: number;
  properties: unknown;
  shard: unknown;
  at: number;
}

export interface GatewayOptions {
  world: FakeWorld;
  notifier: ChangeNotifier;
  heartbeatIntervalMs: number;
  requiredToken: string | undefined;
  defaultTimeoutMs: number;
  /** Shards the bot should run; each guild belongs to one (see `shardOf`). */
  shardCount: number;
  log: (line: string) => void;
}

/** The shard a guild's events go to, as Discord routes them. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** A guild id (a snowflake) that falls on `shard` of `shardCount`, distinct per `serial`. */
export function guildIdOnShard(shard: number, shardCount: number, serial = 0): string {
  const timestamp = BigInt(shardCount) * (100_000_000_000n + BigInt(serial)) + BigInt(shard);
  return (timestamp << 22n).toString();
}

const GATEWAY_PATH = "/gateway";
const RESUME_PATH = "/gateway-resume";

export class FakeGateway {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, GatewaySession>();
  private active: GatewaySession | undefined;
  /** With several shards: the session serving each. */
  private readonly shards = new Map<number, GatewaySession>();
  private baseUrl = "";
  private ackHeartbeats = true;
  private readonly gatewayLog: GatewayLog;
  /** Every IDENTIFY received, in order. */
  readonly identifies: IdentifyRecord[] = [];
  /** Payloads the bot sent that the fake only records (presence updates, voice state, ...). */
  readonly received: { op: number; d: unknown; at: number }[] = [];

  constructor(private readonly options: GatewayOptions) {
    this.gatewayLog = new GatewayLog(options);
  }

  /** Called once the HTTP server listens. */
  setBaseUrl(base: string): void {
    this.baseUrl = base;
  }

  get shardCount(): number {
    return this.options.shardCount;
  }

  get url(): string {
    return `${this.baseUrl}${GATEWAY_PATH}`;
  }

  get resumeUrl(): string {
    return `${this.baseUrl}${RESUME_PATH}`;
  }

  get log(): readonly GatewayLogEntry[] {
    return this.gatewayLog.all;
  }

  /** Whether a session is connected and past READY/RESUMED (with shards: one for each). */
  get connected(): boolean {
    if (this.shardCount > 1) return this.liveShards().length === this.shardCount;
    return this.active?.live === true;
  }

  /** The shards whose session is live. */
  liveShards(): number[] {
    return [...this.shards].filter(([, session]) => session.live).map(([shard]) => shard);
  }

  /** Current session id, if the bot has one (connected or resumable). */
  get sessionId(): string | undefined {
    return this.active?.id;
  }

  /** The dispatches of the current session (what a RESUME would replay from). */
  get dispatched(): readonly DispatchedEvent[] {
    return this.active?.events ?? [];
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== GATEWAY_PATH && url.pathname !== RESUME_PATH) {
      socket.destroy();
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => {
      this.onConnection(ws, url);
    });
  }

  // ---- test controls ----

  /** Index of the last log entry; use as `since` to wait only for what happens next. */
  mark(): number {
    return this.gatewayLog.mark();
  }

  waitFor(
    kind: GatewayLogKind,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<GatewayLogEntry> {
    return this.gatewayLog.waitFor(kind, options);
  }

  /** Resolves once the bot has a live session (READY or RESUMED sent). */
  async waitForSession(options: { timeoutMs?: number } = {}): Promise<void> {
    await this.options.notifier.waitFor(() => (this.connected ? true : undefined), {
      timeoutMs: options.timeoutMs ?? this.options.defaultTimeoutMs,
      describe: () =>
        `a live gateway session (has the bot logged in?); gateway log kinds: ${this.gatewayLog.describeKinds()}`,
    });
  }

  /**
   * Sends a dispatch event to the bot (with shards: to the session of the guild's shard, or of
   * shard 0 for a DM); buffered for RESUME replay if it is disconnected.
   */
  dispatch(event: GatewayDispatchEvents | string, data: unknown): number {
    const session = this.sessionFor(data);
    if (session === undefined) {
      throw new Error(
        `fake Discord: no gateway session to send ${event} to; has the bot logged in? (await fake.gateway.waitForSession())`,
      );
    }
    return session.dispatch(event, data, true);
  }

  /** Op 7: Discord asks the bot to reconnect and RESUME. */
  requestReconnect(): void {
    this.gatewayLog.add("reconnect-requested", this.active);
    sendToSession(this.active, { op: GatewayOpcodes.Reconnect, d: null });
  }

  /** Op 9: the session is invalid; `resumable` tells the bot whether RESUME may still work. */
  invalidateSession(resumable = false): void {
    const session = this.active;
    if (session !== undefined && !resumable) this.invalidate(session);
    this.gatewayLog.add("invalid-session-sent", session, resumable ? "resumable" : "not resumable");
    sendToSession(session, { op: GatewayOpcodes.InvalidSession, d: resumable });
  }

  /** Cuts the connection: abruptly (no close frame) by default, or with a close code. The session stays resumable. */
  dropConnection(code?: number): void {
    const session = this.active;
    const connection = session?.connection;
    if (session === undefined || connection === undefined) return;
    this.gatewayLog.add("dropped", session, code ?? "terminate");
    session.live = false;
    if (code === undefined) connection.socket.terminate();
    else connection.socket.close(code, "fake Discord drop");
  }

  /** Op 1 from the server: the bot must heartbeat immediately. */
  requestHeartbeat(): void {
    sendToSession(this.active, { op: GatewayOpcodes.Heartbeat, d: this.active?.seq ?? null });
  }

  /** Stop (or resume) acknowledging heartbeats, to provoke zombie-connection handling. */
  setHeartbeatAck(ack: boolean): void {
    this.ackHeartbeats = ack;
  }

  async close(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  private sessionFor(data: unknown): GatewaySession | undefined {
    if (this.shardCount <= 1) return this.active;
    const guildId = asString(asRecord(data).guild_id);
    return this.shards.get(guildId === undefined ? 0 : shardOf(guildId, this.shardCount));
  }

  // ---- protocol ----

  private onConnection(socket: WebSocket, url: URL): void {
    const connection: Connection = { socket, path: url.pathname, session: undefined };
    this.gatewayLog.add("connect", undefined, url.pathname);
    const refusal = refuseQuery(url);
    if (refusal !== undefined) {
      socket.close(refusal.code, refusal.reason);
      return;
    }
    socket.on("message", (data: RawData, isBinary: boolean) => {
      this.onMessage(connection, data, isBinary);
    });
    socket.on("close", (code: number) => {
      this.onClose(connection, code);
    });
    socket.on("error", (error: Error) => {
      this.options.log(`gateway socket error: ${error.message}`);
    });
    sendFrame(connection, {
      op: GatewayOpcodes.Hello,
      d: { heartbeat_interval: this.options.heartbeatIntervalMs, _trace: ["fake-gateway"] },
    });
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    const payload = parseFrame(data, isBinary);
    if (payload === undefined) {
      connection.socket.close(GatewayCloseCodes.DecodeError, "Decode error");
      return;
    }
    const op = asNumber(payload.op);
    switch (op) {
      case GatewayOpcodes.Heartbeat:
        this.gatewayLog.add("heartbeat", connection.session);
        if (this.ackHeartbeats) sendFrame(connection, { op: GatewayOpcodes.HeartbeatAck });
        return;
      case GatewayOpcodes.Identify:
        this.onIdentify(connection, asRecord(payload.d));
        return;
      case GatewayOpcodes.Resume:
        this.onResume(connection, asRecord(payload.d));
        return;
      default:
        break;
    }
    if (connection.session === undefined) {
      connection.socket.close(GatewayCloseCodes.NotAuthenticated, "Not authenticated");
      return;
    }
    switch (op) {
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
      case GatewayOpcodes.RequestGuildMembers:
        this.received.push({ op, d: payload.d, at: Date.now() });
        if (op === GatewayOpcodes.RequestGuildMembers)
          this.answerMemberRequest(connection.session, asRecord(payload.d));
        return;
      default:
        connection.socket.close(GatewayCloseCodes.UnknownOpcode, "Unknown opcode");
    }
  }

  private onIdentify(connection: Connection, d: JsonRecord): void {
    if (connection.session !== undefined) {
      connection.socket.close(GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated");
      return;
    }
    const token = gatewayToken(d.token);
    const intents = asNumber(d.intents) ?? 0;
    this.identifies.push({
      token,
      intents,
      properties: d.properties,
      shard: d.shard,
      at: Date.now(),
    });
    if (
      token === undefined ||
      (this.options.requiredToken !== undefined && token !== this.options.requiredToken)
    ) {
      this.gatewayLog.add("identify", undefined, "rejected");
      connection.socket.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed");
      return;
    }
    const [shard = 0, count = 1] = asArray(d.shard).map((n) => asNumber(n) ?? 0);
    if (shard >= count || (this.shardCount > 1 && count !== this.shardCount)) {
      this.gatewayLog.add("identify", undefined, "invalid shard");
      connection.socket.close(GatewayCloseCodes.InvalidShard, "Invalid shard");
      return;
    }
    const session = new GatewaySession(connection, token, this.options.log);
    this.sessions.set(session.id, session);
    this.active = session;
    this.shards.set(shard, session);
    connection.session = session;
    this.gatewayLog.add("identify", session, `shard ${shard}/${count}`);

    const { world } = this.options;
    const onThisShard = (guildId: string) => count <= 1 || shardOf(guildId, count) === shard;
    const ready = buildReady(world, session, this.resumeUrl, d.shard, onThisShard);
    session.dispatch(GatewayDispatchEvents.Ready, ready, true);
    session.live = true;
    this.gatewayLog.add("ready", session);
    // Discord only streams GUILD_CREATE to sessions with the GUILDS intent.
    if ((intents & GatewayIntentBits.Guilds) !== 0) {
      for (const guild of world.guilds.values()) {
        if (!onThisShard(guild.id)) continue;
        session.dispatch(
          GatewayDispatchEvents.GuildCreate,
          buildGuildCreate(world.snapshot(guild)),
          true,
        );
      }
    }
    this.options.notifier.notify();
  }

  private onResume(connection: Connection, d: JsonRecord): void {
    const session = this.sessions.get(asString(d.session_id) ?? "");
    const seq = asNumber(d.seq) ?? 0;
    const token = gatewayToken(d.token);
    this.gatewayLog.add("resume", session, seq);
    if (session === undefined || session.invalid || seq > session.seq || token !== session.token) {
      this.gatewayLog.add("resume-rejected", session);
      sendFrame(connection, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    const previous = session.connection;
    if (previous !== undefined && previous !== connection) {
      previous.session = undefined;
      previous.socket.terminate();
    }
    session.connection = connection;
    connection.session = session;
    this.active = session;
    session.replayAfter(seq);
    session.dispatch(GatewayDispatchEvents.Resumed, { _trace: ["fake-gateway"] }, false);
    session.live = true;
    this.gatewayLog.add("resumed", session);
    this.options.notifier.notify();
  }

  private onClose(connection: Connection, code: number): void {
    const session = connection.session;
    this.gatewayLog.add("close", session, code);
    if (session?.connection !== connection) return;
    session.connection = undefined;
    session.live = false;
    // A clean close (1000/1001) ends the session on Discord's side; anything else can be resumed.
    if (code === 1000 || code === 1001) this.invalidate(session);
    this.options.notifier.notify();
  }

  private invalidate(session: GatewaySession): void {
    session.invalid = true;
    if (this.active === session) this.active = undefined;
    for (const [shard, held] of this.shards) if (held === session) this.shards.delete(shard);
  }

  private answerMemberRequest(session: GatewaySession, d: JsonRecord): void {
    const guild = this.options.world.guilds.get(asString(d.guild_id) ?? "");
    if (guild === undefined) return;
    const chunk = buildMembersChunk(guild, d.nonce);
    session.dispatch(GatewayDispatchEvents.GuildMembersChunk, chunk, true);
  }
}
