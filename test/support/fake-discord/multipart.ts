/**
 * Minimal multipart/form-data parser for what @discordjs/rest uploads (`payload_json` + `files[n]`).
 * Binary-safe; the bodies are small and come from the bot under test.
 */

export interface MultipartPart {
  name: string;
  filename: string | undefined;
  contentType: string | undefined;
  data: Buffer;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const token = boundary?.[1] ?? boundary?.[2];
  if (token === undefined) throw new Error("multipart body without boundary");
  const delimiter = Buffer.from(`--${token}`);
  const parts: MultipartPart[] = [];
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    const start = position + delimiter.length;
    // "--" after a delimiter closes the body.
    if (body.subarray(start, start + 2).toString() === "--") break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // Each part sits between "\r\n" after the delimiter and "\r\n" before the next one.
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd !== -1)
      parts.push(
        parsePart(part.subarray(0, headerEnd).toString("utf8"), part.subarray(headerEnd + 4)),
      );
    position = next;
  }
  return parts;
}

function parsePart(headerText: string, data: Buffer): MultipartPart {
  let name = "";
  let filename: string | undefined;
  let contentType: string | undefined;
  for (const line of headerText.split("\r\n")) {
    const separator = line.indexOf(":");
    if (separator === -1) continue;
    const header = line.slice(0, separator).trim().toLowerCase();
    const value = line.slice(separator + 1).trim();
    if (header === "content-disposition") {
      name = /\bname="([^"]*)"/.exec(value)?.[1] ?? "";
      filename = /\bfilename="([^"]*)"/.exec(value)?.[1];
    } else if (header === "content-type") {
      contentType = value;
    }
  }
  return { name, filename, contentType, data: Buffer.from(data) };
}
