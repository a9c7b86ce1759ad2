/** The REST half of the fake: parses, records and routes every request under /api/v10. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { errors, HttpError } from "./errors.js";
import type { FaultInjector } from "./faults.js";
import { parseMultipart } from "./multipart.js";
import type { RequestRecorder } from "./recorder.js";
import type { Route, RouteResult } from "./route-types.js";
import type { RecordedFile, RecordedRequest } from "./types.js";

export interface RestHandlerOptions {
  routes: Route[];
  recorder: RequestRecorder;
  faults: FaultInjector;
  requiredToken: string | undefined;
  log: (line: string) => void;
}

interface CompiledRoute {
  route: Route;
  segments: string[];
}

interface ParsedBody {
  body: unknown;
  files: RecordedFile[];
}

const API_PREFIX = /^\/api(?:\/v\d+)?(\/.*)?$/;

export function createRestHandler(
  options: RestHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const compiled: CompiledRoute[] = options.routes.map((route) => ({
    route,
    segments: route.pattern.split("/").slice(1),
  }));

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const receivedAt = performance.now();
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = (req.method ?? "GET").toUpperCase();
    const apiPath =
      API_PREFIX.exec(url.pathname)?.[1] ?? (API_PREFIX.test(url.pathname) ? "/" : undefined);
    const segments = (apiPath ?? url.pathname).split("/").slice(1).map(safeDecode);
    const path = `/${segments.join("/")}`;

    let parsed: ParsedBody;
    let parseError: HttpError | undefined;
    try {
      parsed = parseBody(raw, req.headers["content-type"]);
    } catch {
      parsed = { body: raw.toString("utf8"), files: [] };
      parseError = errors.invalidJson();
    }

    const authorization = req.headers.authorization;
    const token = authorization?.replace(/^Bot\s+/i, "");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name === "authorization" || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const match = apiPath === undefined ? undefined : findRoute(compiled, method, segments);
    const recorded = options.recorder.add({
      at: Date.now(),
      receivedAt,
      method,
      path,
      rawPath: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      token,
      body: parsed.body,
      files: parsed.files,
      route: match?.route.name,
      response: undefined,
    });
    options.log(`REST ${method} ${path}${url.search}`);

    const result = await answer(options, match, recorded, url.searchParams, parsed, parseError);
    options.recorder.complete(recorded, { status: result.status, body: result.body });
    if (result.status >= 400) {
      options.log(`REST ${method} ${path} -> ${result.status} ${JSON.stringify(result.body)}`);
    }
    send(res, result);
  };

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log(`REST handler crashed: ${String(error)}`);
      if (!res.headersSent) send(res, { status: 500, body: { message: String(error), code: 0 } });
    });
  };
}

async function answer(
  options: RestHandlerOptions,
  match: { route: Route; params: Record<string, string> } | undefined,
  recorded: RecordedRequest,
  query: URLSearchParams,
  parsed: ParsedBody,
  parseError: HttpError | undefined,
): Promise<RouteResult> {
  await options.faults.applyDelay(recorded.method, recorded.path);
  const fault = options.faults.takeFailure(recorded.method, recorded.path);
  if (fault !== undefined) return fault;
  if (match === undefined) return toResult(errors.notFound());
  if (parseError !== undefined) return toResult(parseError);
  const { route, params } = match;
  if (route.auth) {
    const token = recorded.token;
    if (
      token === undefined ||
      token === "" ||
      (options.requiredToken !== undefined && token !== options.requiredToken)
    ) {
      return toResult(errors.unauthorized());
    }
  }
  try {
    const result = await route.handle({
      method: recorded.method,
      path: recorded.path,
      params,
      query,
      body: parsed.body,
      files: parsed.files,
      token: recorded.token,
      request: recorded,
    });
    return options.faults.takeFailure(recorded.method, recorded.path, "after") ?? result;
  } catch (error) {
    if (error instanceof HttpError) return toResult(error);
    // A fake bug or a bot payload the fake can't digest: a 500 the test will notice.
    options.log(
      `REST ${recorded.method} ${recorded.path} crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return { status: 500, body: { message: `fake Discord error: ${String(error)}`, code: 0 } };
  }
}

function toResult(error: HttpError): RouteResult {
  return { status: error.status, body: error.body };
}

function findRoute(
  compiled: CompiledRoute[],
  method: string,
  segments: string[],
): { route: Route; params: Record<string, string> } | undefined {
  for (const { route, segments: pattern } of compiled) {
    if (route.method !== method || pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const actual = segments[index] ?? "";
      if (part.startsWith(":")) {
        params[part.slice(1)] = actual;
        return actual !== "";
      }
      return part === actual;
    });
    if (matches) return { route, params };
  }
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

/** JSON, or multipart with `payload_json` + `files[n]` (how @discordjs/rest uploads attachments). */
function parseBody(raw: Buffer, contentType: string | undefined): ParsedBody {
  if (raw.length === 0) return { body: undefined, files: [] };
  const type = contentType ?? "";
  if (type.startsWith("application/json")) {
    return { body: JSON.parse(raw.toString("utf8")) as unknown, files: [] };
  }
  if (type.startsWith("multipart/form-data")) {
    const body: Record<string, unknown> = {};
    const files: RecordedFile[] = [];
    for (const part of parseMultipart(raw, type)) {
      if (part.filename === undefined) {
        const text = part.data.toString("utf8");
        if (part.name === "payload_json") Object.assign(body, JSON.parse(text) as object);
        else body[part.name] = text;
        continue;
      }
      files.push({
        field: part.name,
        filename: part.filename,
        contentType: part.contentType ?? "application/octet-stream",
        data: part.data,
      });
    }
    return { body, files };
  }
  return { body: raw.toString("utf8"), files: [] };
}

function send(res: ServerResponse, result: RouteResult): void {
  const headers: Record<string, string> = { ...result.headers };
  if (result.status === 204 || result.body === undefined) {
    res.writeHead(
      result.status === 200 && result.body === undefined ? 204 : result.status,
      headers,
    );
    res.end();
    return;
  }
  const payload = JSON.stringify(result.body);
  headers["content-type"] = "application/json";
  headers["content-length"] = String(Buffer.byteLength(payload));
  res.writeHead(result.status, headers);
  res.end(payload);
}
