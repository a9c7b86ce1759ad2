/** Gateway discovery, the bot's own user/application, users and DM channels. */
import { buildApplication } from "../payloads.js";
import { errors } from "../errors.js";
import { asRecord, asString } from "../guards.js";
import { json, type Route } from "../route-types.js";
import type { RouteDeps } from "./deps.js";

export function metaRoutes(deps: RouteDeps): Route[] {
  const { world } = deps;
  return [
    {
      method: "GET",
      pattern: "/gateway",
      name: "gateway",
      auth: false,
      handle: () => json({ url: deps.gatewayUrl() }),
    },
    {
      method: "GET",
      pattern: "/gateway/bot",
      name: "gateway.bot",
      auth: true,
      handle: () =>
        json({
          url: deps.gatewayUrl(),
          shards: deps.shardCount(),
          session_start_limit: {
            total: 1000,
            remaining: 999,
            reset_after: 14_400_000,
            max_concurrency: deps.maxConcurrency(),
          },
        }),
    },
    {
      method: "GET",
      pattern: "/users/@me",
      name: "users.me",
      auth: true,
      handle: () => json({ ...world.botUser, verified: true, mfa_enabled: false, locale: "en-US" }),
    },
    {
      method: "GET",
      pattern: "/applications/@me",
      name: "applications.me",
      auth: true,
      handle: () => json(buildApplication(world.applicationId, world.botUser, world.installTypes)),
    },
    {
      method: "GET",
      pattern: "/oauth2/applications/@me",
      name: "oauth2.applications.me",
      auth: true,
      handle: () => json(buildApplication(world.applicationId, world.botUser, world.installTypes)),
    },
    {
      method: "GET",
      pattern: "/users/:userId",
      name: "users.get",
      auth: true,
      handle: ({ params }) => {
        const user = world.users.get(params.userId ?? "");
        if (user === undefined) throw errors.unknownUser();
        return json(user);
      },
    },
    {
      method: "POST",
      pattern: "/users/@me/channels",
      name: "users.me.channels.create",
      auth: true,
      handle: ({ body }) => {
        const recipientId = asString(asRecord(body).recipient_id);
        const user = recipientId === undefined ? undefined : world.users.get(recipientId);
        if (user === undefined) throw errors.unknownUser();
        return json(world.dmChannelFor(user));
      },
    },
  ];
}
