/**
 * The gateway half of the fake: HELLO/IDENTIFY/READY, GUILD_CREATE, heartbeats, RESUME with replay,
 * and controls to misbehave like Discord does (reconnect requests, invalid sessions, drops).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import {
  ApplicationFlags,
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
} from "discord.js";
import type { GatewayReadyDispatchData } from "discord.js";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { asArray, asNumber, asRecord, asString, type JsonRecord } from "./guards.js";
import type { ChangeNotifier } from "./notifier.js";
import { buildGuildCreate } from "./payloads.js";
import type { FakeWorld } from "./world.js";

export type GatewayLogKind =
  | "connect"
  | "identify"
  | "ready"
  | "resume"
  | "resumed"
  | "resume-rejected"
  | "heartbeat"
  | "reconnect-requested"
  | "invalid-session-sent"
  | "dropped"
  | "close";

export interface GatewayLogEntry {
  /** 1-based position in the log; pass to `waitFor(..., { since })`. */
  index: number;
  kind: GatewayLogKind;
  at: number;
  sessionId: string | undefined;
  /** Close code for "close"/"dropped"; request path for "connect". */
  detail?: string | number;
}

export interface IdentifyRecord {
  token: string | undefined;
  intents: number;
  properties: unknown;
  shard: unknown;
  at: number;
}

export interface DispatchedEvent {
  s: number;
  t: string;
  d: unknown;
}

interface Connection {
  socket: WebSocket;
  path: string;
  session: Session | undefined;
}

interface Session {
  id: string;
  seq: number;
  events: DispatchedEvent[];
  connection: Connection | undefined;
  /** READY or RESUMED was sent on the current connection. */
  live: boolean;
  invalid: boolean;
  token: string | undefined;
}

export interface GatewayOptions {
  world: FakeWorld;
  notifier: ChangeNotifier;
  heartbeatIntervalMs: number;
  requiredToken: string | undefined;
  defaultTimeoutMs: number;
  log: (line: string) => void;
}

const GATEWAY_PATH = "/gateway";
const RESUME_PATH = "/gateway-resume";
const MAX_BUFFERED_EVENTS = 1000;

export class FakeGateway {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();
  private active: Session | undefined;
  private baseUrl = "";
  private ackHeartbeats = true;
  private readonly entries: GatewayLogEntry[] = [];
  /** Every IDENTIFY received, in order. */
  readonly identifies: IdentifyRecord[] = [];
  /** Payloads the bot sent that the fake only records (presence updates, voice state, ...). */
  readonly received: { op: number; d: unknown; at: number }[] = [];

  constructor(private readonly options: GatewayOptions) {}

  /** Called once the HTTP server listens. */
  setBaseUrl(base: string): void {
    this.baseUrl = base;
  }

  get url(): string {
    return `${this.baseUrl}${GATEWAY_PATH}`;
  }

  get resumeUrl(): string {
    return `${this.baseUrl}${RESUME_PATH}`;
  }

  get log(): readonly GatewayLogEntry[] {
    return this.entries;
  }

  /** Whether a session is connected and past READY/RESUMED. */
  get connected(): boolean {
    return this.active?.live === true;
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
    return this.entries.length;
  }

  waitFor(
    kind: GatewayLogKind,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<GatewayLogEntry> {
    const since = options.since ?? 0;
    return this.options.notifier.waitFor(
      () => this.entries.find((entry) => entry.index > since && entry.kind === kind),
      {
        timeoutMs: options.timeoutMs ?? this.options.defaultTimeoutMs,
        describe: () =>
          `gateway "${kind}" after #${since}; gateway log: ${this.entries.map((e) => `#${e.index} ${e.kind}${e.detail === undefined ? "" : `(${e.detail})`}`).join(", ") || "(empty)"}`,
      },
    );
  }

  /** Resolves once the bot has a live session (READY or RESUMED sent). */
  async waitForSession(options: { timeoutMs?: number } = {}): Promise<void> {
    await this.options.notifier.waitFor(() => (this.connected ? true : undefined), {
      timeoutMs: options.timeoutMs ?? this.options.defaultTimeoutMs,
      describe: () =>
        `a live gateway session (has the bot logged in?); gateway log kinds: ${this.entries.map((e) => e.kind).join(", ") || "(empty)"}`,
    });
  }

  /** Sends a dispatch event to the bot; buffered for RESUME replay if it is disconnected. */
  dispatch(event: GatewayDispatchEvents | string, data: unknown): number {
    const session = this.active;
    if (session === undefined) {
      throw new Error(
        `fake Discord: no gateway session to send ${event} to; has the bot logged in? (await fake.gateway.waitForSession())`,
      );
    }
    return this.dispatchTo(session, event, data, true);
  }

  /** Op 7: Discord asks the bot to reconnect and RESUME. */
  requestReconnect(): void {
    this.addLog("reconnect-requested", this.active);
    this.sendOp(this.active, { op: GatewayOpcodes.Reconnect, d: null });
  }

  /** Op 9: the session is invalid; `resumable` tells the bot whether RESUME may still work. */
  invalidateSession(resumable = false): void {
    const session = this.active;
    if (session !== undefined && !resumable) this.invalidate(session);
    this.addLog("invalid-session-sent", session, resumable ? "resumable" : "not resumable");
    this.sendOp(session, { op: GatewayOpcodes.InvalidSession, d: resumable });
  }

  /** Cuts the connection: abruptly (no close frame) by default, or with a close code. The session stays resumable. */
  dropConnection(code?: number): void {
    const session = this.active;
    const connection = session?.connection;
    if (session === undefined || connection === undefined) return;
    this.addLog("dropped", session, code ?? "terminate");
    session.live = false;
    if (code === undefined) connection.socket.terminate();
    else connection.socket.close(code, "fake Discord drop");
  }

  /** Op 1 from the server: the bot must heartbeat immediately. */
  requestHeartbeat(): void {
    this.sendOp(this.active, { op: GatewayOpcodes.Heartbeat, d: this.active?.seq ?? null });
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

  // ---- protocol ----

  private onConnection(socket: WebSocket, url: URL): void {
    const connection: Connection = { socket, path: url.pathname, session: undefined };
    this.addLog("connect", undefined, url.pathname);
    const version = url.searchParams.get("v");
    if (version !== null && version !== "10") {
      socket.close(GatewayCloseCodes.InvalidAPIVersion, "Invalid API version");
      return;
    }
    const encoding = url.searchParams.get("encoding");
    if (encoding !== null && encoding !== "json") {
      // The fake speaks JSON only (discord.js uses it unless erlpack is swapped in).
      socket.close(GatewayCloseCodes.DecodeError, "Only encoding=json is supported by the fake");
      return;
    }
    // No `compress=zlib-stream` support is needed: discord.js only asks for it when zlib-sync is
    // installed, and @discordjs/ws parses plain text frames either way.
    socket.on("message", (data: RawData, isBinary: boolean) => {
      this.onMessage(connection, data, isBinary);
    });
    socket.on("close", (code: number) => {
      this.onClose(connection, code);
    });
    socket.on("error", (error: Error) => {
      this.options.log(`gateway socket error: ${error.message}`);
    });
    this.sendRaw(connection, {
      op: GatewayOpcodes.Hello,
      d: { heartbeat_interval: this.options.heartbeatIntervalMs, _trace: ["fake-gateway"] },
    });
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    let payload: JsonRecord;
    try {
      const text = isBinary ? "" : rawToString(data);
      payload = asRecord(JSON.parse(text));
    } catch {
      connection.socket.close(GatewayCloseCodes.DecodeError, "Decode error");
      return;
    }
    const op = asNumber(payload.op);
    switch (op) {
      case GatewayOpcodes.Heartbeat:
        this.addLog("heartbeat", connection.session);
        if (this.ackHeartbeats) this.sendRaw(connection, { op: GatewayOpcodes.HeartbeatAck });
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
    const token = asString(d.token)?.replace(/^Bot\s+/i, "");
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
      this.addLog("identify", undefined, "rejected");
      connection.socket.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed");
      return;
    }
    const session: Session = {
      id: randomBytes(16).toString("hex"),
      seq: 0,
      events: [],
      connection,
      live: false,
      invalid: false,
      token,
    };
    this.sessions.set(session.id, session);
    this.active = session;
    connection.session = session;
    this.addLog("identify", session);

    const { world } = this.options;
    const shard = asArray(d.shard);
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: { ...world.botUser, verified: true, mfa_enabled: false },
      guilds: [...world.guilds.keys()].map((id) => ({ id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.resumeUrl,
      shard: [asNumber(shard[0]) ?? 0, asNumber(shard[1]) ?? 1],
      application: {
        id: world.applicationId,
        flags: ApplicationFlags.GatewayMessageContentLimited,
        flags_new: String(ApplicationFlags.GatewayMessageContentLimited),
      },
    };
    this.dispatchTo(session, GatewayDispatchEvents.Ready, ready, true);
    session.live = true;
    this.addLog("ready", session);
    // Discord only streams GUILD_CREATE to sessions with the GUILDS intent.
    if ((intents & GatewayIntentBits.Guilds) !== 0) {
      for (const guild of world.guilds.values()) {
        this.dispatchTo(
          session,
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
    const token = asString(d.token)?.replace(/^Bot\s+/i, "");
    this.addLog("resume", session, seq);
    if (session === undefined || session.invalid || seq > session.seq || token !== session.token) {
      this.addLog("resume-rejected", session);
      this.sendRaw(connection, { op: GatewayOpcodes.InvalidSession, d: false });
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
    for (const event of session.events) {
      if (event.s > seq) this.sendRaw(connection, { op: GatewayOpcodes.Dispatch, ...event });
    }
    this.dispatchTo(session, GatewayDispatchEvents.Resumed, { _trace: ["fake-gateway"] }, false);
    session.live = true;
    this.addLog("resumed", session);
    this.options.notifier.notify();
  }

  private onClose(connection: Connection, code: number): void {
    const session = connection.session;
    this.addLog("close", session, code);
    if (session?.connection !== connection) return;
    session.connection = undefined;
    session.live = false;
    // A clean close (1000/1001) ends the session on Discord's side; anything else can be resumed.
    if (code === 1000 || code === 1001) this.invalidate(session);
    this.options.notifier.notify();
  }

  private invalidate(session: Session): void {
    session.invalid = true;
    if (this.active === session) this.active = undefined;
  }

  private answerMemberRequest(session: Session, d: JsonRecord): void {
    const guild = this.options.world.guilds.get(asString(d.guild_id) ?? "");
    if (guild === undefined) return;
    this.dispatchTo(
      session,
      GatewayDispatchEvents.GuildMembersChunk,
      {
        guild_id: guild.id,
        members: [...guild.members.values()],
        chunk_index: 0,
        chunk_count: 1,
        not_found: [],
        ...(d.nonce === undefined ? {} : { nonce: d.nonce }),
      },
      true,
    );
  }

  private dispatchTo(session: Session, event: string, data: unknown, buffer: boolean): number {
    session.seq += 1;
    const payload: DispatchedEvent = { s: session.seq, t: event, d: data };
    if (buffer) {
      session.events.push(payload);
      if (session.events.length > MAX_BUFFERED_EVENTS) session.events.shift();
    }
    const connection = session.connection;
    if (connection !== undefined)
      this.sendRaw(connection, { op: GatewayOpcodes.Dispatch, ...payload });
    this.options.log(
      `GW -> ${event} s=${session.seq}${connection === undefined ? " (buffered)" : ""}`,
    );
    return session.seq;
  }

  private sendOp(session: Session | undefined, payload: JsonRecord): void {
    const connection = session?.connection;
    if (connection === undefined) {
      throw new Error(
        `fake Discord: no connected gateway session to send op ${String(payload.op)} to`,
      );
    }
    this.sendRaw(connection, payload);
  }

  private sendRaw(connection: Connection, payload: JsonRecord): void {
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    connection.socket.send(JSON.stringify({ s: null, t: null, ...payload }));
  }

  private addLog(
    kind: GatewayLogKind,
    session: Session | undefined,
    detail?: string | number,
  ): void {
    const entry: GatewayLogEntry = {
      index: this.entries.length + 1,
      kind,
      at: Date.now(),
      sessionId: session?.id,
      ...(detail === undefined ? {} : { detail }),
    };
    this.entries.push(entry);
    if (kind !== "heartbeat")
      this.options.log(`GW ${kind}${detail === undefined ? "" : ` ${detail}`}`);
    this.options.notifier.notify();
  }
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}
