/**
 * The README's invite link grants what the bot needs: an admin who follows it must not end up with
 * a bot that can't see the GM channel or post embeds and exports.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PermissionFlagsBits } from "discord.js";
import { describe, expect, it } from "vitest";

const README = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");

/** What the bot does with each: see and post in channels (GM copies), embeds, export files. */
const NEEDED = [
  PermissionFlagsBits.ViewChannel,
  PermissionFlagsBits.SendMessages,
  PermissionFlagsBits.EmbedLinks,
  PermissionFlagsBits.AttachFiles,
];

function invitePermissions(): bigint[] {
  const links = [...README.matchAll(/oauth2\/authorize\?[^\s`)]*permissions=(\d+)/g)];
  return links.map((match) => BigInt(match[1] ?? "0"));
}

describe("the README's invite link", () => {
  it("exists, with the scopes slash commands need", () => {
    expect(invitePermissions().length).toBeGreaterThan(0);
    expect(README).toMatch(/oauth2\/authorize\?[^\s`]*scope=bot\+applications\.commands/);
  });

  it("asks for exactly View Channels, Send Messages, Embed Links and Attach Files", () => {
    const wanted = NEEDED.reduce((all, flag) => all | flag, 0n);
    for (const permissions of invitePermissions()) expect(permissions).toBe(wanted);
    expect(README).toContain(`permission integer \`${String(wanted)}\``);
  });
});
