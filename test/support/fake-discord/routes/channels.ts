/** Channels, channel messages, guilds and members: what a bot uses outside interaction replies. */
import { ChannelType, MessageType } from "discord.js";
import { errors, invalidFormBody } from "../errors.js";
import { asRecord } from "../guards.js";
import { applyMessageBody } from "../message-body.js";
import { buildGuildCreate, buildMessage, isThread } from "../payloads.js";
import { json, noContent, type Route, type RouteContext } from "../route-types.js";
import { hasMessageContent, validateMessageBody } from "../validate.js";
import type { StoredMessage } from "../world.js";
import type { RouteDeps } from "./deps.js";

export function channelRoutes(deps: RouteDeps): Route[] {
  const { world } = deps;

  const channelOf = ({ params }: RouteContext) => {
    const found = world.findChannel(params.channelId ?? "");
    if (found === undefined) throw errors.unknownChannel();
    // A server the bot is not in: its channels exist, but the bot has no access to them.
    if (found.guild?.botInstalled === false) throw errors.missingAccess();
    return found;
  };

  const messageOf = (context: RouteContext): StoredMessage => {
    channelOf(context);
    const stored = world.messages.get(context.params.messageId ?? "");
    if (
      stored === undefined ||
      stored.deleted ||
      stored.ephemeral ||
      stored.message.channel_id !== context.params.channelId
    ) {
      throw errors.unknownMessage();
    }
    return stored;
  };

  const guildOf = ({ params }: RouteContext) => {
    const guild = world.guilds.get(params.guildId ?? "");
    if (guild === undefined) throw errors.unknownGuild();
    return guild;
  };

  return [
    {
      method: "GET",
      pattern: "/channels/:channelId",
      name: "channels.get",
      auth: true,
      handle: (context) => json(channelOf(context).channel),
    },
    {
      method: "POST",
      pattern: "/channels/:channelId/messages",
      name: "channels.messages.create",
      auth: true,
      handle: (context) => {
        const found = channelOf(context);
        if (found.channel.type === ChannelType.GuildCategory) throw errors.unknownChannel();
        // Opening the DM channel works; posting in it fails, as on Discord.
        if (found.guild === undefined && world.dmClosed(found.channel)) {
          throw errors.cannotMessageUser();
        }
        const body = asRecord(context.body);
        const fieldErrors = validateMessageBody(body);
        if (fieldErrors.length > 0) throw invalidFormBody(fieldErrors);
        if (!hasMessageContent(body, context.files.length)) throw errors.emptyMessage();
        const base = buildMessage({
          channelId: found.channel.id,
          guildId: found.guild?.id,
          author: world.botUser,
          type: body.message_reference === undefined ? MessageType.Default : MessageType.Reply,
          flags: 0,
          content: "",
          embeds: [],
          components: [],
          attachments: [],
        });
        const message = applyMessageBody(base, body, context.files, deps.bodyContext, {
          edit: false,
        });
        world.storeMessage(message, false);
        deps.notifier.notify();
        return json(message);
      },
    },
    {
      method: "GET",
      pattern: "/channels/:channelId/messages",
      name: "channels.messages.list",
      auth: true,
      handle: (context) => {
        channelOf(context);
        const limit = Number(context.query.get("limit") ?? "50");
        // Newest first, like Discord.
        return json(
          world
            .channelMessages(context.params.channelId ?? "")
            .reverse()
            .slice(0, limit),
        );
      },
    },
    {
      method: "GET",
      pattern: "/channels/:channelId/messages/:messageId",
      name: "channels.messages.get",
      auth: true,
      handle: (context) => json(messageOf(context).message),
    },
    {
      method: "PATCH",
      pattern: "/channels/:channelId/messages/:messageId",
      name: "channels.messages.edit",
      auth: true,
      handle: (context) => {
        const stored = messageOf(context);
        if (stored.message.author.id !== world.botUser.id) {
          throw errors.cannotEditOthers();
        }
        const body = asRecord(context.body);
        const fieldErrors = validateMessageBody(body, stored.message);
        if (fieldErrors.length > 0) throw invalidFormBody(fieldErrors);
        stored.message = applyMessageBody(stored.message, body, context.files, deps.bodyContext, {
          edit: true,
        });
        deps.notifier.notify();
        return json(stored.message);
      },
    },
    {
      method: "DELETE",
      pattern: "/channels/:channelId/messages/:messageId",
      name: "channels.messages.delete",
      auth: true,
      handle: (context) => {
        messageOf(context).deleted = true;
        deps.notifier.notify();
        return noContent();
      },
    },
    {
      method: "POST",
      pattern: "/channels/:channelId/typing",
      name: "channels.typing",
      auth: true,
      handle: (context) => {
        channelOf(context);
        return noContent();
      },
    },
    {
      method: "GET",
      pattern: "/guilds/:guildId",
      name: "guilds.get",
      auth: true,
      handle: (context) => {
        const guild = buildGuildCreate(world.snapshot(guildOf(context)));
        const {
          members: _m,
          channels: _c,
          voice_states: _v,
          presences: _p,
          threads: _t,
          ...rest
        } = guild;
        return json(rest);
      },
    },
    {
      method: "GET",
      pattern: "/guilds/:guildId/channels",
      name: "guilds.channels.list",
      auth: true,
      // Like Discord's, without threads (they have endpoints of their own).
      handle: (context) => json(guildOf(context).channels.filter((channel) => !isThread(channel))),
    },
    {
      method: "GET",
      pattern: "/guilds/:guildId/roles",
      name: "guilds.roles.list",
      auth: true,
      handle: (context) => json(guildOf(context).roles),
    },
    {
      method: "GET",
      pattern: "/guilds/:guildId/members/:userId",
      name: "guilds.members.get",
      auth: true,
      handle: (context) => {
        const member = guildOf(context).members.get(context.params.userId ?? "");
        if (member === undefined) throw errors.unknownMember();
        return json(member);
      },
    },
  ];
}
