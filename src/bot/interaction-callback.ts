import { makeURLSearchParams } from "@discordjs/rest";
import {
  InteractionResponseType,
  type APIInteractionResponseChannelMessageWithSource,
  isJSONEncodable,
  MessageFlags,
  Routes,
  type APIEmbed,
  type APIInteractionResponseCallbackData,
  type InteractionReplyOptions,
  type RepliableInteraction,
} from "discord.js";
import type { Logger } from "../logger.js";
import type { CallbackAnswer, CallbackPoster } from "./callback-poster.js";
import { warnOnDiscordTrouble } from "./client.js";

/**
 * The body `interaction.reply(options)` would post, when it can be built without discord.js's
 * MessagePayload: no files, embeds and components as builders (or embeds as API data), and no
 * mentions allowed (every reply of ours). Else undefined, and the answer takes discord.js's path.
 */
export function directReplyBody(
  options: InteractionReplyOptions,
): APIInteractionResponseCallbackData | undefined {
  if (options.files !== undefined && options.files.length > 0) return undefined;
  const components = options.components ?? [];
  if (!components.every((component) => isJSONEncodable(component))) return undefined;
  const flags = options.flags;
  if (flags !== undefined && typeof flags !== "number") return undefined;
  if (!allowsNoMentions(options.allowedMentions)) return undefined;
  return {
    content: options.content,
    tts: false,
    embeds: options.embeds?.map((embed): APIEmbed =>
      isJSONEncodable(embed) ? embed.toJSON() : embed,
    ),
    components: options.components?.map((component) =>
      isJSONEncodable(component) ? component.toJSON() : component,
    ) as APIInteractionResponseCallbackData["components"],
    allowed_mentions: { parse: [] },
    flags,
  };
}

function allowsNoMentions(allowed: InteractionReplyOptions["allowedMentions"]): boolean {
  return (
    allowed !== undefined &&
    Object.keys(allowed).length === 1 &&
    Array.isArray(allowed.parse) &&
    allowed.parse.length === 0
  );
}

/**
 * Answers an interaction for the first time with `data`, where `interaction.reply` posts, and
 * records it on the interaction as discord.js does. discord.js's own path spends ~0.07 ms an
 * answer resolving a MessagePayload (classes looked up with `require` on every call, files
 * awaited); the hot answers skip it. With a `poster` the answer goes out on its connections first;
 * without one, or when that gets no 2xx, through the client's REST manager (its rate limits,
 * retries and errors).
 */
export async function postFirstReply(
  interaction: RepliableInteraction,
  data: APIInteractionResponseCallbackData,
  via: { readonly poster?: CallbackPoster; readonly log: Logger },
): Promise<void> {
  const body: APIInteractionResponseChannelMessageWithSource = {
    type: InteractionResponseType.ChannelMessageWithSource,
    data,
  };
  const posted =
    via.poster !== undefined && (await postedDirectly(via.poster, interaction, body, via.log));
  if (!posted) {
    await interaction.client.rest.post(
      Routes.interactionCallback(interaction.id, interaction.token),
      {
        body,
        auth: false,
        query: makeURLSearchParams({ with_response: false }),
      },
    );
  }
  interaction.ephemeral = ((data.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
  interaction.replied = true;
}

/** True when Discord took the answer; else the REST manager sends it again and handles the outcome. */
async function postedDirectly(
  poster: CallbackPoster,
  interaction: RepliableInteraction,
  body: APIInteractionResponseChannelMessageWithSource,
  log: Logger,
): Promise<boolean> {
  let answer: CallbackAnswer;
  try {
    answer = await poster.post(interaction.id, interaction.token, JSON.stringify(body));
  } catch (error) {
    log.warn(
      { err: error },
      "interaction callback got no answer; sending it through the REST client",
    );
    return false;
  }
  const { status, headers } = answer;
  if (status >= 200 && status < 300) return true;
  // Warned like the REST client's own 429s and 5xx; a 4xx comes back the same through the REST
  // client, which turns it into the usual error.
  warnOnDiscordTrouble(log, {
    path: poster.pathForLogs(interaction.id),
    method: "POST",
    status,
    header: (name) => headers.get(name) ?? null,
  });
  log.debug({ status }, "interaction callback refused; sending it through the REST client");
  return false;
}
