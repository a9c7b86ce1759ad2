/** The messages an interaction's answers create: the original response and follow-ups. */
import { InteractionResponseType, InteractionType, MessageFlags, MessageType } from "discord.js";
import type { APIMessageInteractionMetadata } from "discord.js";
import { bitfield, type JsonRecord } from "./guards.js";
import type { InteractionRecord } from "./interaction-record.js";
import { applyMessageBody, type BodyContext } from "./message-body.js";
import { buildMessage } from "./payloads.js";
import type { RecordedFile } from "./types.js";
import type { FakeWorld, StoredApiMessage, StoredMessage } from "./world.js";

/**
 * A new message answering `record` from the bot, with `data` (flags included) applied: the
 * original response ("original") or a follow-up.
 */
export function answerMessage(
  world: FakeWorld,
  record: InteractionRecord,
  kind: "original" | "follow-up",
  data: JsonRecord,
  files: RecordedFile[],
  bodyContext: BodyContext,
): StoredApiMessage {
  const payload = record.payload;
  const base = buildMessage({
    channelId: payload.channel?.id ?? "",
    guildId: payload.guild_id,
    author: world.botUser,
    type:
      kind === "original" && payload.type === InteractionType.ApplicationCommand
        ? MessageType.ChatInputCommand
        : MessageType.Default,
    flags: 0,
    content: "",
    embeds: [],
    components: [],
    attachments: [],
    applicationId: world.applicationId,
    interactionMetadata: metadata(world, record),
  });
  return applyMessageBody(base, data, files, bodyContext, { edit: false });
}

function metadata(world: FakeWorld, record: InteractionRecord): APIMessageInteractionMetadata {
  const payload = record.payload;
  const user = payload.member?.user ?? payload.user ?? world.defaultUser;
  const common = {
    id: payload.id,
    user,
    authorizing_integration_owners: payload.authorizing_integration_owners,
  };
  if (payload.type === InteractionType.MessageComponent) {
    return {
      ...common,
      type: InteractionType.MessageComponent,
      interacted_message_id: payload.message.id,
    };
  }
  return { ...common, type: InteractionType.ApplicationCommand };
}

/**
 * The "thinking…" message of a DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE that nothing has replaced or
 * deleted yet. Discord: the first follow-up to a deferred response edits it, and "the `flags`
 * field will be ignored, and the ephemerality of the message will be determined by the `flags`
 * value in your original ACK" (Create Followup Message; discord-api-docs #2866, #3466). Once it
 * is deleted, a follow-up is a new message with its own flags (discord-api-docs #2739).
 */
export function loadingOriginal(
  world: FakeWorld,
  record: InteractionRecord,
): StoredMessage | undefined {
  if (record.callbacks[0]?.type !== InteractionResponseType.DeferredChannelMessageWithSource) {
    return undefined;
  }
  const stored =
    record.originalId === undefined ? undefined : world.messages.get(record.originalId);
  if (stored === undefined || stored.deleted) return undefined;
  return ((stored.message.flags ?? 0) & MessageFlags.Loading) !== 0 ? stored : undefined;
}

/** A follow-up taking the place of the "thinking…": its content, the placeholder's visibility. */
export function answerInPlaceholder(
  stored: StoredMessage,
  data: JsonRecord,
  files: RecordedFile[],
  bodyContext: BodyContext,
): StoredApiMessage {
  const kept = (stored.message.flags ?? 0) & MessageFlags.Ephemeral;
  const next = applyMessageBody(stored.message, data, files, bodyContext, { edit: true });
  const others = (next.flags ?? 0) & ~MessageFlags.Ephemeral & ~MessageFlags.Loading;
  stored.message = {
    ...next,
    flags: bitfield(MessageFlags, others | kept),
    edited_timestamp: null,
  };
  return stored.message;
}
