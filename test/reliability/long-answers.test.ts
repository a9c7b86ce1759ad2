/**
 * An answer longer than Discord takes still reaches the player, cut once to Discord's limit:
 * an import naming each of many unknown fields (Discord refuses content over 2,000 characters).
 */
import { MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAYER, startTable, type Table } from "./support/table.js";

let table: Table;

beforeAll(async () => {
  table = await startTable();
});

afterAll(async () => {
  await table.stop();
});

describe("a refusal longer than 2,000 characters", () => {
  it("an import with many unknown fields: the player gets it, cut, privately, changing nothing", async () => {
    const exported = await table.services.protagonists.exportJson({
      actor: { ...table.gm, userId: PLAYER.id, canManageGuild: false },
      protagonistId: table.protagonists[0]?.id ?? "",
    });
    const unknown = Object.fromEntries(
      Array.from({ length: 85 }, (_, i) => [`unknownFieldNumber${i}`, i]),
    );
    const json = JSON.stringify({
      ...exported,
      protagonist: { ...exported.protagonist, ...unknown },
    });
    expect(json.length).toBeLessThanOrEqual(6000);
    const before = table.checksum();
    const handle = table.bot.fake.sendSlashCommand({
      name: "protagonist",
      subcommand: "import",
      user: PLAYER,
      options: { json, name: "Copy" },
    });
    const shown = await handle.waitForOriginal();
    expect((shown.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    expect(shown.content).toContain("unknownFieldNumber0");
    expect(shown.content.length).toBeLessThanOrEqual(2000);
    expect(shown.content.endsWith("…")).toBe(true);
    expect(handle.rejections()).toEqual([]);
    await table.bot.dispatcher.drain(5_000);
    expect(table.checksum()).toBe(before);
  });
});
