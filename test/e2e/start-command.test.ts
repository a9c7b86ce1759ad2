import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/core/discord/paths.js";
import { npmStartLaunch } from "./support/bot-process.js";

/**
 * `npm start` and the Docker image run the bot the same way: the same node options and the same
 * environment settings. The end-to-end tests and the benchmark start the bot as `npm start` does
 * (npmStartLaunch), so what they measure is what users run.
 */
describe("how the bot is started", () => {
  const launch = npmStartLaunch();
  const dockerfile = readFileSync(join(projectRoot(), "Dockerfile"), "utf8");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));

  it("runs the Docker image with npm start's node options", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    expect(cmd && (JSON.parse(cmd) as unknown)).toEqual([
      "node",
      ...launch.nodeOptions,
      "dist/src/main.js",
    ]);
  });

  it("sets npm start's environment in the Docker image", () => {
    const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(runtime)?.[1] ?? "";
    const settings = Object.fromEntries(
      env
        .split(/\s*\\\n\s*|\s+/)
        .filter((word) => word.includes("="))
        .map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
    );
    expect(settings).toMatchObject(launch.env);
  });
});
