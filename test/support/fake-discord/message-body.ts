/** Applies a bot's create/edit message body (JSON or multipart) to a stored message object. */
import { EmbedType, MessageFlags } from "discord.js";
import type { APIAttachment, APIEmbed, APIMessage } from "discord.js";
import {
  asArray,
  bitfield,
  asId,
  asNumber,
  asRecord,
  asString,
  isRecord,
  type JsonRecord,
} from "./guards.js";
import { nextSnowflake } from "./snowflake.js";
import type { RecordedFile } from "./types.js";
import type { StoredApiMessage } from "./world.js";

export interface BodyContext {
  /** Base URL attachments are said to live under (never fetched by the bot in practice). */
  cdnBase: string;
}

function attachmentFromFile(
  file: RecordedFile,
  channelId: string,
  context: BodyContext,
  description: string | undefined,
): APIAttachment {
  const id = nextSnowflake();
  const url = `${context.cdnBase}/attachments/${channelId}/${id}/${encodeURIComponent(file.filename)}`;
  return {
    id,
    filename: file.filename,
    size: file.data.length,
    url,
    proxy_url: url,
    content_type: file.contentType,
    ...(description === undefined ? {} : { description }),
  };
}

/**
 * New attachment list: `attachments` in the body lists what to keep (existing ids) and which
 * uploaded `files[n]` to add (id n); without it, existing ones are kept and every upload is added.
 */
function resolveAttachments(
  body: JsonRecord,
  files: readonly RecordedFile[],
  existing: readonly APIAttachment[],
  channelId: string,
  context: BodyContext,
): APIAttachment[] {
  if (!("attachments" in body)) {
    return [
      ...existing,
      ...files.map((file) => attachmentFromFile(file, channelId, context, undefined)),
    ];
  }
  const result: APIAttachment[] = [];
  for (const raw of asArray(body.attachments)) {
    const entry = asRecord(raw);
    const id = asId(entry.id);
    if (id === undefined) continue;
    const kept = existing.find((attachment) => attachment.id === id);
    if (kept !== undefined) {
      result.push(kept);
      continue;
    }
    const file = files.find((candidate) => candidate.field === `files[${id}]`);
    if (file !== undefined) {
      result.push(attachmentFromFile(file, channelId, context, asString(entry.description)));
    }
  }
  return result;
}

function normaliseEmbeds(value: unknown): APIEmbed[] {
  // Discord stamps every bot embed as "rich"; the rest is the bot's JSON as sent.
  return asArray(value)
    .filter(isRecord)
    .map((embed) => ({ type: EmbedType.Rich, ...embed }));
}

/** A copy of `message` with the body's fields applied (fields absent from the body are kept). */
export function applyMessageBody(
  message: StoredApiMessage,
  body: JsonRecord,
  files: readonly RecordedFile[],
  context: BodyContext,
  options: { edit: boolean },
): StoredApiMessage {
  const next: StoredApiMessage = { ...message };
  if ("content" in body) next.content = asString(body.content) ?? "";
  if ("embeds" in body) next.embeds = normaliseEmbeds(body.embeds);
  // Components are passed through as the bot built them (already validated for limits).
  if ("components" in body) next.components = asArray(body.components) as APIMessage["components"];
  if ("flags" in body) {
    const flags = asNumber(body.flags) ?? 0;
    // Ephemeral-ness is fixed at creation, and Components V2 can't be removed once set; edits may
    // only change the other flags.
    const kept = (message.flags ?? 0) & (MessageFlags.Ephemeral | MessageFlags.IsComponentsV2);
    next.flags = bitfield(
      MessageFlags,
      options.edit ? (flags & ~MessageFlags.Ephemeral) | kept : flags,
    );
  }
  if ("attachments" in body || files.length > 0) {
    next.attachments = resolveAttachments(
      body,
      files,
      message.attachments,
      message.channel_id,
      context,
    );
  }
  if (isRecord(body.message_reference)) {
    const reference = body.message_reference;
    const referencedId = asString(reference.message_id);
    if (referencedId !== undefined) {
      next.message_reference = {
        message_id: referencedId,
        channel_id: asString(reference.channel_id) ?? message.channel_id,
        ...(message.guild_id === undefined ? {} : { guild_id: message.guild_id }),
      };
    }
  }
  if (asRecord(body).tts === true) next.tts = true;
  if (options.edit) next.edited_timestamp = new Date().toISOString();
  return next;
}
