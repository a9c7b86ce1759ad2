import { userText } from "./format.js";
import { UserError } from "./user-facing-error.js";

/** What the bot needs of a Discord attachment. */
export interface AttachmentRef {
  readonly name: string;
  readonly url: string;
  /** Bytes, as Discord reports it. */
  readonly size: number;
}

export interface DownloadOptions {
  readonly maxBytes: number;
  readonly timeoutMs?: number;
  /** A seam for tests; the global fetch otherwise. */
  readonly fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const kB = (bytes: number): string => `${Math.ceil(bytes / 1024)} kB`;

function tooLarge(name: string, maxBytes: number): UserError {
  return new UserError(
    `**${userText(name)}** is larger than ${kB(maxBytes)}; attach the file exactly as \`/protagonist export\` made it.`,
  );
}

function failed(why: string): UserError {
  return new UserError(
    `I couldn't download the attached file (${why}). Try attaching it again, or paste its text into the \`json\` option.`,
  );
}

/**
 * Downloads a small text attachment: refuses before downloading when Discord says it is too
 * large, and stops reading as soon as it passes the limit (the reported size can't be trusted
 * alone). Every failure is a UserError saying what to do.
 */
export async function downloadTextAttachment(
  attachment: AttachmentRef,
  options: DownloadOptions,
): Promise<string> {
  const { maxBytes } = options;
  if (attachment.size > maxBytes) throw tooLarge(attachment.name, maxBytes);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(attachment.url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw failed(timedOut ? "it took too long" : "a network error");
  }
  if (!response.ok) throw failed(`Discord answered ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(attachment.name, maxBytes);
  const body = response.body;
  if (body === null) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Node's fetch types its body loosely; it yields bytes.
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge(attachment.name, maxBytes);
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw failed("the download was cut off");
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new UserError(
      `**${userText(attachment.name)}** is not a text file. Attach the \`.json\` file an export made.`,
    );
  }
}
