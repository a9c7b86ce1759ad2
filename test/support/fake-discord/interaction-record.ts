/** What happened to one interaction: its callback, original response and follow-ups. */
import { MessageFlags } from "discord.js";
import type { APIEmbed, APIInteraction, InteractionResponseType } from "discord.js";
import type { ChangeNotifier } from "./notifier.js";
import type { StoredApiMessage, StoredMessage } from "./world.js";
import type { RecordedFile } from "./types.js";

/**
 * The `data` of an interaction callback as the bot sent it. It is the bot's unvalidated JSON, typed
 * loosely for convenient assertions (fields are present only if the bot sent them).
 */
export interface FakeCallbackData {
  content?: string;
  flags?: number;
  embeds?: APIEmbed[];
  components?: unknown[];
  attachments?: unknown[];
  /** Autocomplete (type 8). */
  choices?: { name: string; value: string | number }[];
  /** Modal (type 9). */
  custom_id?: string;
  title?: string;
  [key: string]: unknown;
}

export interface InteractionCallbackRecord {
  type: InteractionResponseType;
  data: FakeCallbackData | undefined;
  files: RecordedFile[];
  at: number;
  /** Time from dispatching the interaction to the callback arriving (Discord allows 3s). */
  latencyMs: number;
  /**
   * The same, precisely: from just before the INTERACTION_CREATE frame is sent to the callback's
   * last byte arriving, before the fake parses, validates and stores it (benchmarks).
   */
  arrivalMs: number;
}

export interface WaitOptions {
  timeoutMs?: number;
}

export interface WaitForOriginalOptions extends WaitOptions {
  /** Wait until the original message satisfies this (e.g. a later edit). */
  predicate?: (message: StoredApiMessage) => boolean;
}

/** Returned by every `fake.send*` call. */
export interface InteractionHandle {
  readonly id: string;
  readonly token: string;
  /** The INTERACTION_CREATE payload that was dispatched. */
  readonly payload: APIInteraction;
  /** The first interaction callback (reply, defer, update, autocomplete result, modal). */
  response(options?: WaitOptions): Promise<InteractionCallbackRecord>;
  /** The original response message once it is visible (a reply, an update, or a deferral's first edit). */
  waitForOriginal(options?: WaitForOriginalOptions): Promise<StoredApiMessage>;
  /** Resolves once at least `count` follow-ups were sent. */
  waitForFollowUps(count?: number, options?: WaitOptions): Promise<StoredApiMessage[]>;
  /** Current original message, if any (still returned after deletion; see `originalDeleted`). */
  original(): StoredApiMessage | undefined;
  /** Whether the bot deleted the original response. */
  originalDeleted(): boolean;
  followUps(): StoredApiMessage[];
  callbacks(): InteractionCallbackRecord[];
  /** Callbacks/edits the fake refused (e.g. a second acknowledgement), with Discord's error. */
  rejections(): string[];
}

export class InteractionRecord {
  readonly sentAt = Date.now();
  /** `performance.now()` just before the INTERACTION_CREATE frame was sent. */
  dispatchedAt = performance.now();
  readonly callbacks: InteractionCallbackRecord[] = [];
  readonly followUpIds: string[] = [];
  readonly rejections: string[] = [];
  /** Answered too late: the token no longer works (Discord's 3 s deadline). */
  expired = false;
  /** Id of the message that `@original` refers to once there is one. */
  originalId: string | undefined;
  /** For component interactions: the message the component was on. */
  readonly sourceMessageId: string | undefined;

  constructor(
    readonly payload: APIInteraction,
    readonly description: string,
    sourceMessageId: string | undefined,
    private readonly lookupMessage: (id: string) => StoredMessage | undefined,
    private readonly notifier: ChangeNotifier,
    private readonly defaultTimeoutMs: number,
  ) {
    this.sourceMessageId = sourceMessageId;
  }

  get id(): string {
    return this.payload.id;
  }

  get token(): string {
    return this.payload.token;
  }

  get acknowledged(): boolean {
    return this.callbacks.length > 0;
  }

  /** Follow-ups in sending order, as currently stored (edits applied; deleted ones included). */
  followUps(): StoredApiMessage[] {
    return this.followUpIds.flatMap((id) => {
      const message = this.lookupMessage(id)?.message;
      return message === undefined ? [] : [message];
    });
  }

  original(): StoredApiMessage | undefined {
    return this.originalId === undefined ? undefined : this.lookupMessage(this.originalId)?.message;
  }

  handle(): InteractionHandle {
    return {
      id: this.id,
      token: this.token,
      payload: this.payload,
      response: (options) =>
        this.notifier.waitFor(() => this.callbacks[0], {
          timeoutMs: options?.timeoutMs ?? this.defaultTimeoutMs,
          describe: () => `the bot to answer ${this.describe()} with an interaction callback`,
        }),
      waitForOriginal: (options) =>
        this.notifier.waitFor(
          () => {
            const message = this.original();
            if (message === undefined) return undefined;
            if (((message.flags ?? 0) & MessageFlags.Loading) !== 0) return undefined;
            if (options?.predicate !== undefined && !options.predicate(message)) return undefined;
            return message;
          },
          {
            timeoutMs: options?.timeoutMs ?? this.defaultTimeoutMs,
            describe: () => `the original response of ${this.describe()} to be visible`,
          },
        ),
      waitForFollowUps: (count = 1, options) =>
        this.notifier.waitFor(
          () => (this.followUpIds.length >= count ? this.followUps() : undefined),
          {
            timeoutMs: options?.timeoutMs ?? this.defaultTimeoutMs,
            describe: () => `${count} follow-up(s) to ${this.describe()}`,
          },
        ),
      original: () => this.original(),
      originalDeleted: () =>
        this.originalId !== undefined && this.lookupMessage(this.originalId)?.deleted === true,
      followUps: () => this.followUps(),
      callbacks: () => [...this.callbacks],
      rejections: () => [...this.rejections],
    };
  }

  /** For timeout errors: what the interaction was and what the bot has done with it so far. */
  describe(): string {
    const done =
      this.callbacks.length === 0
        ? "no callback yet"
        : `callback types [${this.callbacks.map((c) => c.type).join(", ")}]`;
    const rejected = this.rejections.length > 0 ? `; refused: ${this.rejections.join(" | ")}` : "";
    return `${this.description} (interaction ${this.id}; ${done}, ${this.followUpIds.length} follow-up(s)${rejected})`;
  }
}
