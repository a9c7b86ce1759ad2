/**
 * Interactions the tests send and everything the bot does in response: the callback endpoint and
 * the interaction webhook (original response and follow-ups), with Discord's rules about order.
 */
import {
  GatewayDispatchEvents,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
} from "discord.js";
import type { APIInteraction } from "discord.js";
import {
  describeHttpError,
  errors,
  HttpError,
  invalidFormBody,
  type FieldError,
} from "./errors.js";
import { asNumber, asRecord, bitfield, enumMember, isRecord, type JsonRecord } from "./guards.js";
import { InteractionRecord, type InteractionHandle } from "./interaction-record.js";
import {
  buildAutocomplete,
  buildButton,
  buildModalSubmit,
  buildSelect,
  buildSlashCommand,
  type AutocompleteInit,
  type BuiltInteraction,
  type ButtonInit,
  type ModalSubmitInit,
  type SelectInit,
  type SlashCommandInit,
} from "./interaction-payloads.js";
import { applyMessageBody, type BodyContext } from "./message-body.js";
import type { ChangeNotifier } from "./notifier.js";
import { answerInPlaceholder, answerMessage, loadingOriginal } from "./interaction-messages.js";
import { json, noContent, type RouteResult } from "./route-types.js";
import type { RecordedFile } from "./types.js";
import {
  hasMessageContent,
  validateAutocompleteChoices,
  validateMessageBody,
  validateModal,
} from "./validate.js";
import { forgetOldest, type FakeWorld, type StoredMessage } from "./world.js";

export type Dispatch = (event: GatewayDispatchEvents, data: unknown) => void;

/**
 * Discord's deadline for the first answer: "Interaction tokens are valid for 15 minutes, but you
 * must respond to the initial interaction within 3 seconds" (Receiving and Responding). Later, the
 * callback gets 404 Unknown interaction (10062) and the token is dead for follow-ups too.
 */
export const FIRST_ANSWER_DEADLINE_MS = 3_000;

const ALLOWED_CALLBACKS: Record<number, readonly InteractionResponseType[]> = {
  [InteractionType.ApplicationCommand]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.Modal,
  ],
  [InteractionType.MessageComponent]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
    InteractionResponseType.Modal,
  ],
  [InteractionType.ApplicationCommandAutocomplete]: [
    InteractionResponseType.ApplicationCommandAutocompleteResult,
  ],
  [InteractionType.ModalSubmit]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
  ],
};

function throwIfInvalid(fieldErrors: FieldError[]): void {
  if (fieldErrors.length > 0) throw invalidFormBody(fieldErrors);
}

export class InteractionRegistry {
  private readonly byId = new Map<string, InteractionRecord>();
  private readonly byToken = new Map<string, InteractionRecord>();
  /** The last modal the bot showed per custom id, so modal submits mirror its layout. */
  private readonly modals = new Map<string, JsonRecord>();

  constructor(
    private readonly world: FakeWorld,
    private readonly notifier: ChangeNotifier,
    private readonly dispatch: Dispatch,
    private readonly defaultTimeoutMs: number,
    private readonly bodyContext: BodyContext,
    private readonly deadlineMs: number = FIRST_ANSWER_DEADLINE_MS,
  ) {}

  get all(): InteractionRecord[] {
    return [...this.byId.values()];
  }

  sendSlashCommand(init: SlashCommandInit): InteractionHandle {
    return this.send(buildSlashCommand(this.world, init));
  }

  sendAutocomplete(init: AutocompleteInit): InteractionHandle {
    return this.send(buildAutocomplete(this.world, init));
  }

  sendButton(init: ButtonInit): InteractionHandle {
    return this.send(buildButton(this.world, init));
  }

  sendSelect(init: SelectInit): InteractionHandle {
    return this.send(buildSelect(this.world, init));
  }

  sendModalSubmit(init: ModalSubmitInit): InteractionHandle {
    return this.send(buildModalSubmit(this.world, init, this.modals.get(init.customId)));
  }

  /** The modal the bot last showed with this custom id (the callback's `data`). */
  shownModal(customId: string): JsonRecord | undefined {
    return this.modals.get(customId);
  }

  private send(built: BuiltInteraction<APIInteraction>): InteractionHandle {
    const record = new InteractionRecord(
      built.payload,
      built.description,
      built.sourceMessageId,
      (id) => this.world.messages.get(id),
      this.notifier,
      this.defaultTimeoutMs,
    );
    // Register before dispatching: a fast bot may call back before dispatch returns.
    this.byId.set(record.id, record);
    this.byToken.set(record.token, record);
    forgetOldest(this.byId, this.world.historyLimit, (old) => this.byToken.delete(old.token));
    record.dispatchedAt = performance.now();
    this.dispatch(GatewayDispatchEvents.InteractionCreate, built.payload);
    return record.handle();
  }

  /** Runs a bot operation on `record`, noting any refusal on it so timeouts can explain themselves. */
  private guarded<T>(record: InteractionRecord, action: string, operation: () => T): T {
    try {
      return operation();
    } catch (error) {
      if (error instanceof HttpError) {
        record.rejections.push(`${action}: ${describeHttpError(error)}`);
        this.notifier.notify();
      }
      throw error;
    }
  }

  // ---- POST /interactions/:id/:token/callback ----

  callback(
    id: string,
    token: string,
    body: unknown,
    files: RecordedFile[],
    withResponse: boolean,
    receivedAt: number,
  ): RouteResult {
    const record = this.byId.get(id);
    if (record?.token !== token) throw errors.unknownInteraction();
    const request = asRecord(body);
    const type = enumMember(InteractionResponseType, request.type);
    return this.guarded(record, `callback type ${String(request.type)}`, () => {
      if (record.acknowledged) throw errors.alreadyAcknowledged();
      if (record.expired || performance.now() - record.dispatchedAt > this.deadlineMs) {
        record.expired = true;
        throw errors.unknownInteraction();
      }
      const allowed = ALLOWED_CALLBACKS[record.payload.type] ?? [];
      const fromMessage = record.sourceMessageId !== undefined;
      const needsMessage =
        type === InteractionResponseType.DeferredMessageUpdate ||
        type === InteractionResponseType.UpdateMessage;
      if (type === undefined || !allowed.includes(type) || (needsMessage && !fromMessage)) {
        throw invalidFormBody([
          {
            path: ["type"],
            code: "INTERACTION_RESPONSE_TYPE_INVALID",
            message: `Callback type ${String(request.type)} is invalid for interaction type ${record.payload.type}`,
          },
        ]);
      }
      const data = isRecord(request.data) ? request.data : undefined;
      this.applyCallback(record, type, data ?? {}, files);
      record.callbacks.push({
        type,
        data, // the bot's JSON as sent, typed loosely (FakeCallbackData) for assertions
        files,
        at: Date.now(),
        latencyMs: Date.now() - record.sentAt,
        arrivalMs: receivedAt - record.dispatchedAt,
      });
      this.notifier.notify();
      return withResponse ? json(this.callbackResponse(record, type)) : noContent();
    });
  }

  private applyCallback(
    record: InteractionRecord,
    type: InteractionResponseType,
    data: JsonRecord,
    files: RecordedFile[],
  ): void {
    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource: {
        throwIfInvalid(validateMessageBody(data));
        if (!hasMessageContent(data, files.length)) throw errors.emptyMessage();
        this.createOriginal(record, data, files, false);
        break;
      }
      case InteractionResponseType.DeferredChannelMessageWithSource:
        this.createOriginal(record, { flags: asNumber(data.flags) ?? 0 }, [], true);
        break;
      case InteractionResponseType.DeferredMessageUpdate:
        record.originalId = record.sourceMessageId;
        break;
      case InteractionResponseType.UpdateMessage: {
        const stored = this.storedOrThrow(record.sourceMessageId);
        throwIfInvalid(validateMessageBody(data, stored.message));
        stored.message = applyMessageBody(stored.message, data, files, this.bodyContext, {
          edit: true,
        });
        record.originalId = stored.message.id;
        break;
      }
      case InteractionResponseType.ApplicationCommandAutocompleteResult:
        throwIfInvalid(validateAutocompleteChoices(data));
        break;
      case InteractionResponseType.Modal:
        throwIfInvalid(validateModal(data));
        if (typeof data.custom_id === "string") this.modals.set(data.custom_id, data);
        break;
      default:
        break;
    }
  }

  private createOriginal(
    record: InteractionRecord,
    data: JsonRecord,
    files: RecordedFile[],
    loading: boolean,
  ): void {
    const flags = (asNumber(data.flags) ?? 0) | (loading ? MessageFlags.Loading : 0);
    const message = answerMessage(
      this.world,
      record,
      "original",
      { ...data, flags },
      files,
      this.bodyContext,
    );
    this.world.storeMessage(message, (flags & MessageFlags.Ephemeral) !== 0);
    record.originalId = message.id;
  }

  private callbackResponse(record: InteractionRecord, type: InteractionResponseType): JsonRecord {
    const original = record.original();
    const interaction: JsonRecord = { id: record.id, type: record.payload.type };
    if (original !== undefined && type !== InteractionResponseType.DeferredMessageUpdate) {
      interaction.response_message_id = original.id;
      interaction.response_message_loading = ((original.flags ?? 0) & MessageFlags.Loading) !== 0;
      interaction.response_message_ephemeral =
        ((original.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
    }
    const withMessage =
      type === InteractionResponseType.ChannelMessageWithSource ||
      type === InteractionResponseType.UpdateMessage;
    const withResource =
      withMessage || type === InteractionResponseType.DeferredChannelMessageWithSource;
    return {
      interaction,
      ...(withResource
        ? { resource: { type, ...(withMessage ? { message: original } : {}) } }
        : {}),
    };
  }

  private storedOrThrow(messageId: string | undefined): StoredMessage {
    const stored = messageId === undefined ? undefined : this.world.messages.get(messageId);
    if (stored === undefined || stored.deleted) throw errors.unknownMessage();
    return stored;
  }

  // ---- /webhooks/:appId/:token ----

  private recordForWebhook(appId: string, token: string): InteractionRecord {
    const record = this.byToken.get(token);
    if (record === undefined || appId !== this.world.applicationId) throw errors.unknownWebhook();
    return record;
  }

  /** `@original` or a follow-up id of this interaction; anything else is unknown to its webhook. */
  private webhookMessage(record: InteractionRecord, messageId: string): StoredMessage {
    if (!record.acknowledged) throw errors.unknownWebhook();
    const id = messageId === "@original" ? record.originalId : messageId;
    if (id === undefined || (id !== record.originalId && !record.followUpIds.includes(id))) {
      throw errors.unknownMessage();
    }
    return this.storedOrThrow(id);
  }

  getMessage(appId: string, token: string, messageId: string): RouteResult {
    const record = this.recordForWebhook(appId, token);
    return this.guarded(record, `GET ${messageId}`, () =>
      json(this.webhookMessage(record, messageId).message),
    );
  }

  editMessage(
    appId: string,
    token: string,
    messageId: string,
    body: unknown,
    files: RecordedFile[],
  ): RouteResult {
    const record = this.recordForWebhook(appId, token);
    return this.guarded(record, `PATCH ${messageId}`, () => {
      const stored = this.webhookMessage(record, messageId);
      const data = asRecord(body);
      throwIfInvalid(validateMessageBody(data, stored.message));
      const wasLoading = ((stored.message.flags ?? 0) & MessageFlags.Loading) !== 0;
      let next = applyMessageBody(stored.message, data, files, this.bodyContext, { edit: true });
      if (wasLoading) {
        // The first edit of a deferred reply is its actual content, not an "(edited)" change.
        next = {
          ...next,
          flags: bitfield(MessageFlags, (next.flags ?? 0) & ~MessageFlags.Loading),
          edited_timestamp: null,
        };
        if (!hasMessageContent({ ...next }, next.attachments.length)) throw errors.emptyMessage();
      }
      stored.message = next;
      this.notifier.notify();
      return json(next);
    });
  }

  deleteMessage(appId: string, token: string, messageId: string): RouteResult {
    const record = this.recordForWebhook(appId, token);
    return this.guarded(record, `DELETE ${messageId}`, () => {
      this.webhookMessage(record, messageId).deleted = true;
      this.notifier.notify();
      return noContent();
    });
  }

  followUp(
    appId: string,
    token: string,
    body: unknown,
    files: RecordedFile[],
    wait: boolean,
  ): RouteResult {
    const record = this.recordForWebhook(appId, token);
    return this.guarded(record, "follow-up", () => {
      if (!record.acknowledged) throw errors.unknownWebhook();
      const data = asRecord(body);
      throwIfInvalid(validateMessageBody(data));
      if (!hasMessageContent(data, files.length)) throw errors.emptyMessage();
      const placeholder = loadingOriginal(this.world, record);
      if (placeholder !== undefined) {
        const edited = answerInPlaceholder(placeholder, data, files, this.bodyContext);
        this.notifier.notify();
        return wait ? json(edited) : noContent();
      }
      const message = answerMessage(this.world, record, "follow-up", data, files, this.bodyContext);
      this.world.storeMessage(message, ((message.flags ?? 0) & MessageFlags.Ephemeral) !== 0);
      record.followUpIds.push(message.id);
      this.notifier.notify();
      return wait ? json(message) : noContent();
    });
  }
}
