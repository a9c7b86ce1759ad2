/** Shapes shared by the HTTP layer and the route modules. */
import type { RecordedFile, RecordedRequest } from "./types.js";

export interface RouteContext {
  method: string;
  /** Path below /api/v10, decoded. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  files: RecordedFile[];
  token: string | undefined;
  request: RecordedRequest;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** e.g. `/applications/:appId/commands`; `:name` matches one path segment. */
  pattern: string;
  name: string;
  /** Whether the bot token is required (interaction callbacks and webhooks are unauthenticated). */
  auth: boolean;
  handle: (context: RouteContext) => RouteResult | Promise<RouteResult>;
}

export const json = (body: unknown, status = 200): RouteResult => ({ status, body });
export const noContent = (): RouteResult => ({ status: 204 });
