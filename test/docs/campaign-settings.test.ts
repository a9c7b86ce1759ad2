/**
 * The README's campaign settings table is where a GM looks up a setting and its default: it has a
 * row for every option `/campaign settings` offers that sets a rule, and for nothing else.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ApplicationCommandOptionType } from "discord.js";
import { describe, expect, it } from "vitest";
import { definition } from "../../commands/cthulhu-eternal/campaign/definition.js";
import { extraModules } from "../../commands/cthulhu-eternal/index.js";
import { projectRoot } from "../../src/core/discord/paths.js";

/** Options of `/campaign settings` that act instead of setting a rule (shown in the prose). */
const ACTIONS = new Set(["campaign", "default", "reset-rules"]);

function settingsOptions(): string[] {
  const settings = definition
    .toJSON()
    .options?.find(
      (option) =>
        option.type === ApplicationCommandOptionType.Subcommand && option.name === "settings",
    );
  if (settings?.type !== ApplicationCommandOptionType.Subcommand) throw new Error("no settings");
  return (settings.options ?? []).map((option) => option.name).filter((name) => !ACTIONS.has(name));
}

describe("the README's campaign settings", () => {
  const readme = readFileSync(join(projectRoot(), "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Campaign settings"));
  const table = section.slice(0, section.indexOf("\n## "));
  const rows = [...table.matchAll(/^\| `([a-z-]+)` +\|/gm)].map(([, name = ""]) => name);

  const extrasAt = table.indexOf("### Extras settings");
  const coreRows = rows.filter((name) => table.indexOf(`| \`${name}\``) < extrasAt);
  const extraRows = rows.filter((name) => table.indexOf(`| \`${name}\``) > extrasAt);

  it("has a row for every setting of /campaign settings, and no other", () => {
    expect(settingsOptions().length).toBeGreaterThan(5);
    expect([...coreRows].sort()).toEqual(settingsOptions().sort());
  });

  it("has a row, with its default, for every setting of every Extra, and no other", () => {
    const settings = extraModules.flatMap((module) => module.settings);
    expect(extrasAt).toBeGreaterThan(0);
    expect([...extraRows].sort()).toEqual(settings.map((setting) => setting.key).sort());
    for (const setting of settings) {
      expect(table).toMatch(
        new RegExp(`\\| \`${setting.key}\` +\\| \`${String(setting.defaultValue)}\` +\\|`),
      );
    }
  });
});
