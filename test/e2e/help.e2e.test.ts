/**
 * /help through the real bot: every registered command listed (from the command list, so new ones
 * appear), the rules in force for this channel's campaign, one command in detail, and the defaults
 * with how to start when the server has no campaign.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredApiMessage } from "../support/fake-discord/index.js";
import { isEphemeral, startSeededBot, type SeededBot } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-help-token";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const isRulesEmbed = (message: StoredApiMessage): boolean =>
  message.embeds.some((embed) => embed.title?.startsWith("⚙️ Rules") === true);

/** Every message /help answered with (the overview ends with the rules, maybe in a follow-up). */
async function help(options: Record<string, string> = {}): Promise<StoredApiMessage[]> {
  const handle = t.fake.sendSlashCommand({ name: "help", options });
  const messages = [await handle.waitForOriginal()];
  if (options.command !== undefined) return messages;
  while (!messages.some(isRulesEmbed)) {
    messages.splice(1, Infinity, ...(await handle.waitForFollowUps(messages.length)));
  }
  return messages;
}

describe("/help", () => {
  it("lists every registered command and the rules in force, privately", async () => {
    await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "settings",
        options: { "failure-marks": false, improvement: "check" },
        user: t.gmId,
      })
      .response();
    const messages = await help();
    expect(messages.every(isEphemeral)).toBe(true);
    const embeds = messages.flatMap((message) => message.embeds);
    const listed = embeds.flatMap((embed) => embed.fields ?? []).map((field) => field.name);
    const registered = t.fake.commands(t.fake.guild().id).map((command) => command.name);
    expect(registered).toContain("campaign");
    expect(registered).toContain("help");
    for (const name of registered) {
      expect(listed.some((field) => field === `/${name}` || field === `/${name} (GM)`)).toBe(true);
    }
    // Open to every member: the party is for everyone, and the bot refuses GM subcommands itself.
    expect(listed).toContain("/campaign");
    const rules = embeds.find((embed) => embed.title === "⚙️ Rules in force");
    expect(rules?.description).toContain("This channel plays **Night Floors** (session 1).");
    expect(rules?.description).toContain("Failure marks: **off** (default: on)");
    expect(rules?.description).toContain(
      "Skill improvement: **one d100 check: marked skills at or below it +1** (default: +1D4 per marked skill)",
    );
    expect(rules?.description).toContain("Temporary insanity: **5+ SAN lost** (default)");
    for (const embed of embeds) {
      expect(JSON.stringify(embed).length).toBeLessThan(6000);
    }
  });

  it("shows one command in detail, offered by autocomplete", async () => {
    const suggestions = await t.fake
      .sendAutocomplete({ name: "help", options: { command: "camp" }, focused: "command" })
      .response();
    expect(suggestions.data?.choices?.map((choice) => choice.value)).toEqual(["campaign"]);
    const [detail] = await help({ command: "campaign" });
    const embed = detail?.embeds[0];
    expect(embed?.title).toBe("📖 /campaign");
    const fields = Object.fromEntries((embed?.fields ?? []).map((f) => [f.name, f.value]));
    expect(Object.keys(fields)).toContain("/campaign downtime adversity (GM)");
    expect(fields["/campaign create"]).toMatch(/\n`name` `\[era\]`$/);
  });

  it("shows a command's examples and the campaign's rules that change it", async () => {
    await t.fake
      .sendSlashCommand({
        name: "campaign",
        subcommand: "settings",
        options: { "insanity-threshold": 7 },
        user: t.gmId,
      })
      .response();
    const [detail] = await help({ command: "san" });
    expect(isEphemeral(detail)).toBe(true);
    const text = detail?.embeds[0]?.description ?? "";
    expect(text).toContain(
      "`/san loss:0/1D6 threat:Unnatural source:the thing in the cellar` — your active Protagonist tests SAN: loses 0 on a success, 1D6 on a failure",
    );
    expect(text).toContain("`/san loss:0/1D6 threat:Helplessness all:True` — GM: every active");
    expect(text).toContain("The loss is written success/failure: `0/1D6`, `1/1D4+1`, `1D6/1D20`.");
    expect(text).toContain("**Rules in force in Night Floors**");
    expect(text).toContain("Temporary insanity: **7+ SAN lost** (default: 5+ SAN lost)");
    expect(text).toContain("Projection, WP short: **cap: spend the WP there is** (default)");
  });

  it("suggests the closest command for a typo, in autocomplete and in the answer", async () => {
    const suggestions = await t.fake
      .sendAutocomplete({ name: "help", options: { command: "sna" }, focused: "command" })
      .response();
    expect(suggestions.data?.choices?.map((choice) => choice.value)).toEqual(["san"]);
    const [answer] = await help({ command: "sna" });
    expect(isEphemeral(answer)).toBe(true);
    expect(answer?.content).toMatch(
      /^There is no command `\/sna`\. Did you mean `\/san`\? The commands/,
    );
  });

  it("explains an unknown command, privately", async () => {
    const [answer] = await help({ command: "nope" });
    expect(isEphemeral(answer)).toBe(true);
    expect(answer?.content).toMatch(/^There is no command `\/nope`\. The commands are .*`\/help`/);
  });

  it("without a campaign, shows the defaults and how to start one", async () => {
    await t.db.campaign.deleteMany();
    const messages = await help();
    const rules = messages
      .flatMap((message) => message.embeds)
      .find((embed) => embed.title === "⚙️ Rules (defaults)");
    expect(rules?.description).toContain(
      "This server has no campaign yet: a GM starts one with `/campaign create name:<name>`.",
    );
    expect(rules?.description).toContain("Failure marks: **on** (default)");
  });
});
