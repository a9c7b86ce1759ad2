import {
  MessageFlags,
  type BaseMessageOptions,
  type InteractionDeferReplyOptions,
  type InteractionEditReplyOptions,
  type InteractionReplyOptions,
  type InteractionUpdateOptions,
  type MessageMentionOptions,
  type ModalComponentData,
  type APIModalInteractionResponseCallbackData,
  type JSONEncodable,
} from "discord.js";
import { fitEmbeds, fitMessageContent } from "./format.js";
import { messages } from "./messages.js";

/** Discord needs an answer within 3 s; deferring at 2 s leaves room for latency. */
export const AUTO_DEFER_AFTER_MS = 2_000;

/** Replies never ping anyone, even when they quote a mention a player typed. */
export function noMentions(): MessageMentionOptions {
  return { parse: [] };
}

export interface ReplyMessage {
  readonly content?: string;
  readonly embeds?: BaseMessageOptions["embeds"];
  readonly components?: BaseMessageOptions["components"];
  readonly files?: BaseMessageOptions["files"];
  /** Only the user sees it. Defaults to the interaction's setting; ignored by `edit`. */
  readonly ephemeral?: boolean;
  /**
   * A Components V2 layout (containers, text displays): `components` is the whole message, with
   * no `content` or `embeds`. Discord keeps the flag on every later edit.
   */
  readonly componentsV2?: boolean;
}

export type ReplyContent = string | ReplyMessage;

export type ModalPayload =
  | JSONEncodable<APIModalInteractionResponseCallbackData>
  | ModalComponentData
  | APIModalInteractionResponseCallbackData;

/**
 * How handlers answer. They never need to know whether the interaction was deferred: the helper
 * acknowledges it by itself if the handler is slow, and turns `send` and `edit` into the right
 * Discord call for the current state.
 */
export interface Reply {
  /** Whether messages are private unless a message says otherwise. */
  readonly ephemeral: boolean;
  /** True once Discord has been answered in any way. */
  readonly acknowledged: boolean;
  /** Shows "thinking…" now (before slow work); it happens by itself after AUTO_DEFER_AFTER_MS. */
  defer(options?: { readonly ephemeral?: boolean }): Promise<void>;
  /** Answers the interaction; once answered, each call adds a follow-up message. */
  send(content: ReplyContent): Promise<void>;
  /**
   * Replaces the original message: a command's answer, or for a button/select menu the message
   * it sits on. Before any answer, a command sends and a component updates its message.
   */
  edit(content: ReplyContent): Promise<void>;
  /** Opens a form; only as the first answer. */
  showModal(modal: ModalPayload): Promise<void>;
}

/** The slice of a discord.js interaction the helper drives; a seam for tests. */
export interface AcknowledgeableInteraction {
  reply(options: InteractionReplyOptions): Promise<unknown>;
  deferReply(options: InteractionDeferReplyOptions): Promise<unknown>;
  editReply(options: InteractionEditReplyOptions): Promise<unknown>;
  followUp(options: InteractionReplyOptions): Promise<unknown>;
  deleteReply(): Promise<unknown>;
  /** Components only. */
  update?(options: InteractionUpdateOptions): Promise<unknown>;
  deferUpdate?(): Promise<unknown>;
  showModal?(modal: ModalPayload): Promise<unknown>;
}

export interface InteractionReplyOptionsForHelper {
  readonly ephemeral: boolean;
  /** "update" acknowledges a component silently; "reply" shows "thinking…". */
  readonly autoDefer: "reply" | "update";
  readonly autoDeferAfterMs?: number;
  /** Failures nobody awaits (the automatic defer, removing a placeholder). */
  readonly onBackgroundError: (error: unknown, action: string) => void;
  /** For components: whether the message they sit on is private (its flags). */
  readonly componentMessageEphemeral?: boolean;
}

/** What `editReply` (Discord's `@original`) currently points at. */
type Original =
  | { readonly kind: "none" }
  | { readonly kind: "placeholder"; readonly ephemeral: boolean }
  | { readonly kind: "answer"; readonly ephemeral: boolean }
  | { readonly kind: "component-message"; readonly ephemeral: boolean }
  /** Answered, but nothing editable is left (the placeholder was swapped, or a modal shown). */
  | { readonly kind: "gone" };

/** Discord's "Interaction has already been acknowledged". */
const ALREADY_ACKNOWLEDGED = 40060;
/** Discord's "Unknown Message": the message is already gone. */
const UNKNOWN_MESSAGE = 10008;

export class InteractionReply implements Reply {
  readonly ephemeral: boolean;
  private original: Original = { kind: "none" };
  private queue: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly interaction: AcknowledgeableInteraction,
    private readonly options: InteractionReplyOptionsForHelper,
  ) {
    this.ephemeral = options.ephemeral;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.serialized(() => this.autoDefer()).catch((error: unknown) => {
        options.onBackgroundError(error, "automatic defer");
      });
    }, options.autoDeferAfterMs ?? AUTO_DEFER_AFTER_MS);
  }

  get acknowledged(): boolean {
    return this.original.kind !== "none";
  }

  /** True while Discord shows "thinking…" that no message has replaced yet. */
  get awaitingAnswer(): boolean {
    return this.original.kind === "none" || this.original.kind === "placeholder";
  }

  /** True for components, which may be acknowledged silently (`deferUpdate`). */
  get canUpdate(): boolean {
    return this.options.autoDefer === "update" && this.interaction.deferUpdate !== undefined;
  }

  /** Stops the automatic defer; the dispatcher calls it once the handler is done. */
  stopTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  defer(options: { readonly ephemeral?: boolean } = {}): Promise<void> {
    return this.serialized(async () => {
      if (this.original.kind !== "none") return;
      await this.deferReplyNow(options.ephemeral ?? this.ephemeral);
    });
  }

  /** Acknowledges a component without changing anything the user sees. */
  deferUpdate(): Promise<void> {
    return this.serialized(async () => {
      if (this.original.kind !== "none") return;
      const component = this.requireComponent("deferUpdate");
      await firstAnswer(() => component.deferUpdate?.());
      this.original = this.componentMessage();
    });
  }

  send(content: ReplyContent): Promise<void> {
    return this.serialized(() => this.sendNow(content));
  }

  edit(content: ReplyContent): Promise<void> {
    return this.serialized(async () => {
      const original = this.original;
      switch (original.kind) {
        case "none":
          if (
            this.options.autoDefer === "update" &&
            !this.revealsPrivate(content, this.componentMessage())
          ) {
            const component = this.requireComponent("update");
            await firstAnswer(() => component.update?.(editOptions(content)));
            this.original = this.componentMessage();
            return;
          }
          return this.sendNow(content);
        case "placeholder":
        case "gone":
          return this.sendNow(content);
        case "answer":
        case "component-message":
          // Private text never replaces a message everyone sees: it goes out as a private message.
          if (this.revealsPrivate(content, original)) return this.sendNow(content);
          await this.interaction.editReply(editOptions(content));
          return;
      }
    });
  }

  showModal(modal: ModalPayload): Promise<void> {
    return this.serialized(async () => {
      if (this.original.kind !== "none") {
        throw new Error("a modal can only be the first answer to an interaction");
      }
      const interaction = this.interaction;
      if (interaction.showModal === undefined) {
        throw new Error("this interaction cannot open a modal");
      }
      await firstAnswer(() => interaction.showModal?.(modal));
      this.original = { kind: "gone" };
    });
  }

  private async sendNow(content: ReplyContent): Promise<void> {
    const ephemeral = ephemeralOf(content, this.ephemeral);
    const original = this.original;
    switch (original.kind) {
      case "none":
        await firstAnswer(() => this.interaction.reply(createOptions(content, ephemeral)));
        this.original = { kind: "answer", ephemeral };
        return;
      case "placeholder":
        if (original.ephemeral === ephemeral) {
          await this.interaction.editReply(editOptions(content));
          this.original = { kind: "answer", ephemeral };
          return;
        }
        // The first follow-up after a defer would edit the "thinking…" and keep its visibility
        // (Discord ignores its flags): remove the placeholder first, then answer anew.
        await this.dropPlaceholder();
        this.original = { kind: "gone" };
        await this.interaction.followUp(createOptions(content, ephemeral));
        return;
      case "answer":
      case "component-message":
      case "gone":
        await this.interaction.followUp(createOptions(content, ephemeral));
        return;
    }
  }

  /**
   * Deletes the "thinking…" so a follow-up is a message of its own. Should the delete fail, the
   * placeholder is replaced by a neutral notice, which also frees the follow-up's flags; should
   * that fail too, nothing is sent (a private answer must not land in a public placeholder).
   */
  private async dropPlaceholder(): Promise<void> {
    try {
      await this.interaction.deleteReply();
    } catch (error) {
      if (discordCodeOf(error) === UNKNOWN_MESSAGE) return;
      this.options.onBackgroundError(error, "delete the deferred reply");
      await this.interaction.editReply(editOptions(messages.answeredSeparately));
    }
  }

  private async autoDefer(): Promise<void> {
    if (this.original.kind !== "none") return;
    if (this.canUpdate) {
      await firstAnswer(() => this.interaction.deferUpdate?.());
      this.original = this.componentMessage();
      return;
    }
    await this.deferReplyNow(this.ephemeral);
  }

  private async deferReplyNow(ephemeral: boolean): Promise<void> {
    await firstAnswer(() =>
      this.interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
    );
    this.original = { kind: "placeholder", ephemeral };
  }

  private componentMessage(): Original {
    return {
      kind: "component-message",
      ephemeral: this.options.componentMessageEphemeral ?? false,
    };
  }

  /** Whether `content`, private, would replace `original`, which everyone sees. */
  private revealsPrivate(content: ReplyContent, original: Original): boolean {
    if (original.kind !== "answer" && original.kind !== "component-message") return false;
    return ephemeralOf(content, false) && !original.ephemeral;
  }

  private requireComponent(method: "update" | "deferUpdate"): AcknowledgeableInteraction {
    if (this.interaction[method] === undefined) {
      throw new Error(`${method} is only possible on a component interaction`);
    }
    return this.interaction;
  }

  /** One Discord call at a time, so the automatic defer never races a handler's answer. */
  private serialized<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation);
    this.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/**
 * Sends a first answer. When the REST client retried it after an ambiguous failure (a 5xx, a cut
 * connection) and Discord answers "already acknowledged", the first try had arrived: the answer
 * is there, and that is no error.
 */
async function firstAnswer(send: () => Promise<unknown> | undefined): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (discordCodeOf(error) !== ALREADY_ACKNOWLEDGED) throw error;
  }
}

function discordCodeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
}

function ephemeralOf(content: ReplyContent, fallback: boolean): boolean {
  return typeof content === "string" ? fallback : (content.ephemeral ?? fallback);
}

function messageFields(content: ReplyContent): BaseMessageOptions {
  if (typeof content === "string") {
    return { content: fitMessageContent(content), allowedMentions: noMentions() };
  }
  const { ephemeral: _ephemeral, componentsV2: _v2, content: text, embeds, ...fields } = content;
  return {
    ...fields,
    ...(text === undefined ? {} : { content: fitMessageContent(text) }),
    ...(embeds === undefined ? {} : { embeds: fitEmbeds(embeds) }),
    allowedMentions: noMentions(),
  };
}

function componentsV2Of(content: ReplyContent): boolean {
  return typeof content !== "string" && content.componentsV2 === true;
}

function createOptions(content: ReplyContent, ephemeral: boolean): InteractionReplyOptions {
  const v2 = componentsV2Of(content);
  const flags = ephemeral
    ? v2
      ? [MessageFlags.Ephemeral as const, MessageFlags.IsComponentsV2 as const]
      : MessageFlags.Ephemeral
    : v2
      ? MessageFlags.IsComponentsV2
      : undefined;
  return { ...messageFields(content), ...(flags === undefined ? {} : { flags }) };
}

function editOptions(content: ReplyContent): InteractionEditReplyOptions {
  return {
    ...messageFields(content),
    ...(componentsV2Of(content) ? { flags: MessageFlags.IsComponentsV2 } : {}),
  };
}
