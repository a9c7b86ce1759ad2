/**
 * /help's detail pages: every example names a real command path and its real options, every
 * command has examples, the rules shown are the campaign's, and every page fits Discord's limits.
 */
import {
  ApplicationCommandOptionType,
  embedLength,
  type APIApplicationCommandOption,
} from "discord.js";
import { describe, expect, it } from "vitest";
import { commands, extraModules } from "../../../../commands/cthulhu-eternal/index.js";
import {
  definitionJson,
  type SlashCommandDefinition,
} from "../../../../src/core/discord/command.js";
import { EMBED_LIMITS } from "../../../../src/core/discord/format.js";
import { embedsPerMessage } from "../../../../src/games/cthulhu-eternal/presentation/embed-pages.js";
import {
  COMMAND_HELP,
  type CommandHelp,
} from "../../../../src/games/cthulhu-eternal/presentation/help-examples.js";
import { commandName } from "../../../../src/games/cthulhu-eternal/extras/presentation.js";
import {
  commandPaths,
  detailDescription,
  detailEmbeds,
  unknownCommandText,
} from "../../../../src/games/cthulhu-eternal/presentation/help.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";
import { campaignView } from "../../../core/discord/support/campaign-view.js";

const definitions: SlashCommandDefinition[] = commands.map((module) =>
  definitionJson(module.definition),
);
const byName = new Map(definitions.map((definition) => [definition.name, definition]));
/** The help of every command: the core's, and each Extras module's own. */
const helpByName: Record<string, CommandHelp> = {
  ...COMMAND_HELP,
  ...Object.fromEntries(extraModules.map((module) => [commandName(module), module.command.help])),
};

const nightFloors = campaignView({
  rules: {
    ...DEFAULT_RULE_OPTIONS,
    temporaryInsanityThreshold: 7,
    projectionWpShortfall: "refuse",
  },
});

/** The options a command path takes, by name. */
function optionNames(definition: SlashCommandDefinition, path: readonly string[]): Set<string> {
  let options: readonly APIApplicationCommandOption[] = definition.options ?? [];
  for (const name of path) {
    const next = options.find(
      (option) =>
        option.name === name &&
        (option.type === ApplicationCommandOptionType.Subcommand ||
          option.type === ApplicationCommandOptionType.SubcommandGroup),
    );
    if (next === undefined || !("options" in next)) return new Set();
    options = next.options ?? [];
  }
  return new Set(options.map((option) => option.name));
}

describe("/help command:<name>", () => {
  it("has examples for every registered command, naming only real paths and options", () => {
    expect(Object.keys(helpByName).sort()).toEqual([...byName.keys()].sort());
    for (const [name, help] of Object.entries(helpByName)) {
      expect(help.examples.length, name).toBeGreaterThan(0);
      for (const { command } of help.examples) {
        const [root = "", ...words] = command.replace(/^\//, "").split(" ");
        const definition = byName.get(root);
        expect(definition, command).toBeDefined();
        if (definition === undefined) continue;
        const firstOption = words.findIndex((word) => word.includes(":"));
        const path = firstOption === -1 ? words : words.slice(0, firstOption);
        const paths = commandPaths(definition).map((p) => p.path);
        expect(paths, command).toContain(["/" + root, ...path].join(" "));
        const used = [...command.matchAll(/(?:^| )([a-z0-9_-]+):/g)].map((match) => match[1]);
        const known = optionNames(definition, path);
        for (const option of used) expect(known, `${command}: ${option ?? ""}`).toContain(option);
      }
    }
  });

  it("shows /san's examples and the rules in force that change it", () => {
    const san = byName.get("san");
    if (san === undefined) throw new Error("no /san");
    const text = detailDescription(san, nightFloors);
    expect(text).toContain("`/san loss:0/1D6 threat:Unnatural source:the thing in the cellar`");
    expect(text).toContain("`/san loss:0/1D6 threat:Helplessness all:True` — GM: every active");
    expect(text).toContain("The loss is written success/failure: `0/1D6`, `1/1D4+1`, `1D6/1D20`.");
    expect(text).toContain("Projecting spends 1D4 WP");
    expect(text).toContain("**Rules in force in Night Floors**");
    expect(text).toContain("Temporary insanity: **7+ SAN lost** (default: 5+ SAN lost)");
    expect(text).toContain(
      "Projection, WP short: **refuse: no projecting unless WP covers the roll** (default: cap: spend the WP there is)",
    );
    expect(text).toContain("Adaptation reset: **on** (default)");
    expect(text).not.toContain("Sub-standard items");
  });

  it("shows the defaults when the server has no campaign", () => {
    const roll = byName.get("roll");
    if (roll === undefined) throw new Error("no /roll");
    const text = detailDescription(roll, null);
    expect(text).toContain("**Rules** (this server has no campaign yet");
    expect(text).toContain("Failure marks: **on** (default)");
  });

  it("fits every command's pages within Discord's limits", () => {
    const long = campaignView({ name: "N".repeat(100), gmChannelId: "1".repeat(20) });
    for (const definition of definitions) {
      const embeds = detailEmbeds(definition, long);
      for (const embed of embeds) {
        expect((embed.data.description ?? "").length).toBeLessThanOrEqual(EMBED_LIMITS.description);
        expect(embedLength(embed.data), definition.name).toBeLessThanOrEqual(EMBED_LIMITS.total);
        expect(embed.data.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
        for (const field of embed.data.fields ?? []) {
          expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
        }
      }
      for (const message of embedsPerMessage(embeds)) {
        const total = message.reduce((sum, embed) => sum + embedLength(embed.data), 0);
        expect(total, definition.name).toBeLessThanOrEqual(EMBED_LIMITS.total);
      }
    }
  });

  it("suggests the closest command for one that does not exist", () => {
    const names = [...byName.keys()];
    expect(unknownCommandText("sna", names)).toMatch(
      /^There is no command `\/sna`\. Did you mean `\/san`\? The commands are `\/roll`, /,
    );
    expect(unknownCommandText("nope", names)).toMatch(
      /^There is no command `\/nope`\. The commands are /,
    );
  });
});
