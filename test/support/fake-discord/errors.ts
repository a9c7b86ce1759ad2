/** Discord-shaped error responses, so the bot sees the same DiscordAPIError codes as in production. */
import type { DiscordErrorBody } from "./types.js";

/** Thrown by route handlers; the HTTP layer turns it into the response. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: DiscordErrorBody,
  ) {
    super(`${status} ${body.code} ${body.message}`);
    this.name = "HttpError";
  }
}

export interface FieldError {
  path: readonly (string | number)[];
  code: string;
  message: string;
}

export function discordError(status: number, code: number, message: string): HttpError {
  return new HttpError(status, { code, message });
}

export const errors = {
  unauthorized: () => discordError(401, 0, "401: Unauthorized"),
  notFound: () => discordError(404, 0, "404: Not Found"),
  unknownApplication: () => discordError(404, 10002, "Unknown Application"),
  unknownChannel: () => discordError(404, 10003, "Unknown Channel"),
  missingAccess: () => discordError(403, 50001, "Missing Access"),
  unknownGuild: () => discordError(404, 10004, "Unknown Guild"),
  unknownMember: () => discordError(404, 10007, "Unknown Member"),
  unknownMessage: () => discordError(404, 10008, "Unknown Message"),
  unknownUser: () => discordError(404, 10013, "Unknown User"),
  unknownWebhook: () => discordError(404, 10015, "Unknown Webhook"),
  unknownCommand: () => discordError(404, 10063, "Unknown application command"),
  unknownInteraction: () => discordError(404, 10062, "Unknown interaction"),
  alreadyAcknowledged: () => discordError(400, 40060, "Interaction has already been acknowledged."),
  cannotEditOthers: () =>
    discordError(403, 50005, "Cannot edit a message authored by another user"),
  emptyMessage: () => discordError(400, 50006, "Cannot send an empty message"),
  cannotMessageUser: () => discordError(403, 50007, "Cannot send messages to this user"),
  invalidJson: () => discordError(400, 50109, "The request body contains invalid JSON."),
};

/** 400 Invalid Form Body with Discord's nested `errors` object (`{ field: { _errors: [...] } }`). */
export function invalidFormBody(fieldErrors: readonly FieldError[]): HttpError {
  const root: Record<string, unknown> = {};
  for (const error of fieldErrors) {
    let node = root;
    for (const key of error.path) {
      const name = String(key);
      const next = node[name];
      const child: Record<string, unknown> =
        typeof next === "object" && next !== null ? (next as Record<string, unknown>) : {};
      node[name] = child;
      node = child;
    }
    const list = Array.isArray(node._errors) ? (node._errors as unknown[]) : [];
    list.push({ code: error.code, message: error.message });
    node._errors = list;
  }
  return new HttpError(400, { code: 50035, message: "Invalid Form Body", errors: root });
}

/** Human-readable one-liner of an error, for test failure messages. */
export function describeHttpError(error: HttpError): string {
  const detail = error.body.errors === undefined ? "" : ` ${JSON.stringify(error.body.errors)}`;
  return `${error.status} ${error.body.code} ${error.body.message}${detail}`;
}
