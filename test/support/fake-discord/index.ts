/**
 * A fake Discord (REST v10 + gateway v10) on 127.0.0.1 for end-to-end tests of the real bot.
 *
 *   const fake = await startFakeDiscord();
 *   // bot: DISCORD_API_URL=fake.apiUrl, any token
 *   await fake.gateway.waitForSession();
 *   const handle = fake.sendSlashCommand({ name: "roll", options: { dice: "1d100" } });
 *   expect((await handle.response()).data?.content).toMatch(/rolled/);
 *   await fake.close();
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIApplicationCommand, APIUser } from "discord.js";
import { FaultInjector } from "./faults.js";
import { FakeGateway } from "./gateway.js";
import { createRestHandler } from "./http-server.js";
import type { InteractionHandle } from "./interaction-record.js";
import type {
  AutocompleteInit,
  ButtonInit,
  ModalSubmitInit,
  SelectInit,
  SlashCommandInit,
} from "./interaction-payloads.js";
import { InteractionRegistry } from "./interactions.js";
import type { BodyContext } from "./message-body.js";
import { ChangeNotifier } from "./notifier.js";
import { RequestRecorder, type RequestPredicate, type WaitForRequestOptions } from "./recorder.js";
import { createRoutes } from "./routes/index.js";
import type { FakeUserInit, RecordedRequest, StartFakeDiscordOptions } from "./types.js";
import { FakeWorld, type GuildState, type StoredApiMessage } from "./world.js";

export type * from "./types.js";
export type {
  FakeCallbackData,
  InteractionCallbackRecord,
  InteractionHandle,
  WaitForOriginalOptions,
} from "./interaction-record.js";
export type { InteractionContextInit } from "./interaction-context.js";
export type {
  AutocompleteInit,
  ButtonInit,
  ModalSubmitInit,
  SelectInit,
  SlashCommandInit,
} from "./interaction-payloads.js";
export type { DelayFault, FailFault } from "./faults.js";
export type { GatewayLogEntry, GatewayLogKind, IdentifyRecord } from "./gateway.js";
export type { GuildState, StoredApiMessage } from "./world.js";
export type { FakeGateway } from "./gateway.js";
export type { FaultInjector } from "./faults.js";
export { nextSnowflake } from "./snowflake.js";
export { guildIdOnShard, shardOf } from "./gateway.js";

const DEFAULT_TIMEOUT_MS = 5000;

export class FakeDiscord {
  readonly world: FakeWorld;
  readonly gateway: FakeGateway;
  readonly faults = new FaultInjector();
  private readonly notifier = new ChangeNotifier();
  private readonly recorder: RequestRecorder;
  private readonly interactions: InteractionRegistry;
  private readonly server: Server;
  private readonly bodyContext: BodyContext = { cdnBase: "" };
  private readonly defaultTimeoutMs: number;
  private listeningPort = 0;
  private closing: Promise<void> | undefined;

  constructor(options: StartFakeDiscordOptions = {}) {
    const log =
      options.log ??
      // FAKE_DISCORD_LOG=1 traces the fake's traffic when a test needs debugging.
      (process.env.FAKE_DISCORD_LOG === undefined
        ? () => undefined
        : (line: string) => {
            process.stderr.write(`[fake-discord] ${line}\n`);
          });
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.world = new FakeWorld(options);
    this.recorder = new RequestRecorder(this.notifier, this.defaultTimeoutMs, options.historyLimit);
    this.gateway = new FakeGateway({
      world: this.world,
      notifier: this.notifier,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      requiredToken: options.requiredToken,
      defaultTimeoutMs: this.defaultTimeoutMs,
      shardCount: options.shardCount ?? 1,
      log,
    });
    this.interactions = new InteractionRegistry(
      this.world,
      this.notifier,
      (event, data) => this.gateway.dispatch(event, data),
      this.defaultTimeoutMs,
      this.bodyContext,
      options.interactionDeadlineMs,
    );
    const routes = createRoutes({
      world: this.world,
      interactions: this.interactions,
      notifier: this.notifier,
      bodyContext: this.bodyContext,
      gatewayUrl: () => this.gateway.url,
      shardCount: () => this.gateway.shardCount,
      maxConcurrency: () => options.maxConcurrency ?? 1,
    });
    this.server = createServer(
      createRestHandler({
        routes,
        recorder: this.recorder,
        faults: this.faults,
        requiredToken: options.requiredToken,
        log,
      }),
    );
    this.server.on("upgrade", (req, socket, head) => {
      this.gateway.handleUpgrade(req, socket, head);
    });
  }

  /** @internal Use `startFakeDiscord`. */
  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    this.listeningPort = (this.server.address() as AddressInfo).port;
    this.bodyContext.cdnBase = `http://127.0.0.1:${this.listeningPort}`;
    this.gateway.setBaseUrl(`ws://127.0.0.1:${this.listeningPort}`);
  }

  get port(): number {
    return this.listeningPort;
  }

  /** Pass as discord.js `rest.api` / DISCORD_API_URL (the REST client appends /v10). */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.listeningPort}/api`;
  }

  get gatewayUrl(): string {
    return this.gateway.url;
  }

  get applicationId(): string {
    return this.world.applicationId;
  }

  get botUser(): APIUser {
    return this.world.botUser;
  }

  /** The user interactions come from unless a test says otherwise. */
  get defaultUser(): APIUser {
    return this.world.defaultUser;
  }

  /** The user closes their direct messages to the bot: posting in their DM fails with 50007. */
  closeDms(user: FakeUserInit | string): void {
    this.world.closedDms.add(this.world.resolveUser(user).id);
  }

  /** The messages the bot sent `userId` by direct message, oldest first. */
  directMessagesTo(userId: string): StoredApiMessage[] {
    const user = this.world.users.get(userId);
    return user === undefined ? [] : this.world.channelMessages(this.world.dmChannelFor(user).id);
  }

  /** A configured guild (default: the first). */
  guild(id?: string): GuildState {
    return this.world.guild(id);
  }

  /** The user installs the app on their account (needs `userInstall`): its user commands reach them anywhere. */
  installToUser(user: FakeUserInit | string): APIUser {
    const resolved = this.world.resolveUser(user);
    this.world.installToUser(resolved.id);
    return resolved;
  }

  /** The first text channel of a guild (default: the first guild). */
  defaultChannelId(guildId?: string): string {
    return this.world.defaultTextChannel(this.world.guild(guildId)).id;
  }

  // ---- requests ----

  get requests(): readonly RecordedRequest[] {
    return this.recorder.requests;
  }

  /** Bot tokens seen in REST Authorization headers (IDENTIFY tokens are in `gateway.identifies`). */
  get tokens(): readonly string[] {
    return this.recorder.tokens;
  }

  requestsTo(path: RegExp, method?: string): RecordedRequest[] {
    return this.recorder.requestsTo(path, method);
  }

  unmatchedRequests(): RecordedRequest[] {
    return this.recorder.unmatched();
  }

  clearRequests(): void {
    this.recorder.clear();
  }

  /** Sequence number of the latest request; pass as `after` to wait only for newer ones. */
  requestMark(): number {
    return this.recorder.lastSeq;
  }

  waitForRequest(
    predicate: RequestPredicate,
    options?: WaitForRequestOptions,
  ): Promise<RecordedRequest> {
    return this.recorder.waitFor(predicate, options);
  }

  // ---- interactions ----

  sendSlashCommand(init: SlashCommandInit): InteractionHandle {
    return this.interactions.sendSlashCommand(init);
  }

  sendAutocomplete(init: AutocompleteInit): InteractionHandle {
    return this.interactions.sendAutocomplete(init);
  }

  sendButton(init: ButtonInit): InteractionHandle {
    return this.interactions.sendButton(init);
  }

  sendSelect(init: SelectInit): InteractionHandle {
    return this.interactions.sendSelect(init);
  }

  sendModalSubmit(init: ModalSubmitInit): InteractionHandle {
    return this.interactions.sendModalSubmit(init);
  }

  /** The modal the bot last showed with this custom id. */
  shownModal(customId: string): Record<string, unknown> | undefined {
    return this.interactions.shownModal(customId);
  }

  // ---- state ----

  /** Registered commands: global, or a guild's. */
  commands(guildId?: string): APIApplicationCommand[] {
    return this.world.commandsIn(guildId === undefined ? "global" : { guildId });
  }

  /** Any message the fake knows (channel posts, interaction responses, follow-ups). */
  message(id: string): StoredApiMessage | undefined {
    return this.world.messages.get(id)?.message;
  }

  /** Visible messages in a channel, oldest first. */
  channelMessages(channelId: string): StoredApiMessage[] {
    return this.world.channelMessages(channelId);
  }

  waitForChannelMessage(
    channelId: string,
    predicate: (message: StoredApiMessage) => boolean = () => true,
    options: { timeoutMs?: number } = {},
  ): Promise<StoredApiMessage> {
    return this.notifier.waitFor(() => this.world.channelMessages(channelId).find(predicate), {
      timeoutMs: options.timeoutMs ?? this.defaultTimeoutMs,
      describe: () =>
        `a matching message in channel ${channelId} (has ${this.world.channelMessages(channelId).length})`,
    });
  }

  /** Stops everything (server, sockets, timers, waiters). Safe to call twice. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.notifier.close("close() was called");
      this.faults.close();
      await this.gateway.close();
      this.server.closeAllConnections();
      await new Promise<void>((resolve) => {
        this.server.close(() => {
          resolve();
        });
      });
    })();
    return this.closing;
  }
}

export async function startFakeDiscord(
  options: StartFakeDiscordOptions = {},
): Promise<FakeDiscord> {
  const fake = new FakeDiscord(options);
  await fake.listen();
  return fake;
}
