/** Interaction callbacks and the interaction webhook (original response, follow-ups). */
import { json, type Route } from "../route-types.js";
import type { RouteDeps } from "./deps.js";

export function interactionRoutes(deps: RouteDeps): Route[] {
  const { interactions } = deps;
  return [
    {
      method: "POST",
      pattern: "/interactions/:id/:token/callback",
      name: "interactions.callback",
      auth: false,
      handle: ({ params, body, files, query, request }) =>
        interactions.callback(
          params.id ?? "",
          params.token ?? "",
          body,
          files,
          query.get("with_response") === "true",
          request.receivedAt,
        ),
    },
    {
      method: "POST",
      pattern: "/webhooks/:appId/:token",
      name: "webhooks.execute",
      auth: false,
      // discord.js always sends wait=true; without it Discord answers 204.
      handle: ({ params, body, files, query }) =>
        interactions.followUp(
          params.appId ?? "",
          params.token ?? "",
          body,
          files,
          query.get("wait") === "true",
        ),
    },
    {
      method: "GET",
      pattern: "/webhooks/:appId/:token/messages/:messageId",
      name: "webhooks.messages.get",
      auth: false,
      handle: ({ params }) =>
        interactions.getMessage(params.appId ?? "", params.token ?? "", params.messageId ?? ""),
    },
    {
      method: "PATCH",
      pattern: "/webhooks/:appId/:token/messages/:messageId",
      name: "webhooks.messages.edit",
      auth: false,
      handle: ({ params, body, files }) =>
        interactions.editMessage(
          params.appId ?? "",
          params.token ?? "",
          params.messageId ?? "",
          body,
          files,
        ),
    },
    {
      method: "DELETE",
      pattern: "/webhooks/:appId/:token/messages/:messageId",
      name: "webhooks.messages.delete",
      auth: false,
      handle: ({ params }) =>
        interactions.deleteMessage(params.appId ?? "", params.token ?? "", params.messageId ?? ""),
    },
    {
      method: "GET",
      pattern: "/webhooks/:appId/:token",
      name: "webhooks.get",
      auth: false,
      handle: ({ params }) =>
        json({
          id: params.appId,
          type: 3,
          application_id: params.appId,
          name: deps.world.botUser.username,
          avatar: null,
          token: params.token,
        }),
    },
  ];
}
