import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadTextAttachment } from "../../../src/core/discord/attachment-download.js";

let server: Server;
let base = "";
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    switch (req.url) {
      case "/ok.json":
        res.end('{"hello":"world"}');
        return;
      case "/big.json":
        // No content-length: the size shows only while reading.
        res.write("x".repeat(600));
        res.end("x".repeat(600));
        return;
      case "/binary.json":
        res.end(Buffer.from([0xff, 0xfe, 0x00]));
        return;
      default:
        res.statusCode = 404;
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const file = (path: string, size = 10) => ({ name: "sheet.json", url: `${base}${path}`, size });

describe("downloadTextAttachment", () => {
  it("downloads a small text file", async () => {
    await expect(downloadTextAttachment(file("/ok.json"), { maxBytes: 1000 })).resolves.toBe(
      '{"hello":"world"}',
    );
  });

  it("refuses a file Discord says is too large, without downloading it", async () => {
    const before = requests;
    await expect(
      downloadTextAttachment(file("/ok.json", 5000), { maxBytes: 1000 }),
    ).rejects.toMatchObject({ userMessage: /larger than 1 kB/ });
    expect(requests).toBe(before);
  });

  it("stops reading once a file passes the limit", async () => {
    await expect(
      downloadTextAttachment(file("/big.json"), { maxBytes: 1000 }),
    ).rejects.toMatchObject({ userMessage: /larger than 1 kB/ });
  });

  it("explains a failed download and a file that is not text", async () => {
    await expect(
      downloadTextAttachment(file("/gone.json"), { maxBytes: 1000 }),
    ).rejects.toMatchObject({
      userMessage: /couldn't download .*Discord answered 404.*`json` option/,
    });
    await expect(
      downloadTextAttachment(file("/binary.json"), { maxBytes: 1000 }),
    ).rejects.toMatchObject({ userMessage: /not a text file/ });
    await expect(
      downloadTextAttachment(
        { name: "sheet.json", url: "http://127.0.0.1:1/nothing", size: 10 },
        { maxBytes: 1000 },
      ),
    ).rejects.toMatchObject({ userMessage: /a network error/ });
  });
});
