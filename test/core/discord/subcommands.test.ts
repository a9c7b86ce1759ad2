/**
 * One row per subcommand: each command's table names exactly the subcommands Discord is told
 * about, and what a row says (writes, private) is what the module declares.
 */
import type { ChatInputCommandInteraction } from "discord.js";
import { describe, expect, it, vi } from "vitest";
import {
  CAMPAIGN_SUBCOMMANDS,
  campaignCommand,
} from "../../../commands/cthulhu-eternal/campaign.js";
import {
  PROTAGONIST_SUBCOMMANDS,
  protagonistCommand,
} from "../../../commands/cthulhu-eternal/protagonist.js";
import { BOND_SUBCOMMANDS, bondCommand } from "../../../commands/cthulhu-eternal/bond.js";
import {
  RESOURCES_SUBCOMMANDS,
  resourcesCommand,
} from "../../../commands/cthulhu-eternal/resources.js";
import {
  definitionJson,
  type HandlerContext,
  type SlashCommandDefinitionSource,
} from "../../../src/core/discord/command.js";
import { subcommandTable } from "../../../src/core/discord/subcommands.js";
import { commandWrites } from "../../../src/core/discord/writes.js";

interface OptionJson {
  type: number;
  name: string;
  options?: OptionJson[];
}
const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;

function definedPaths(module: { readonly definition: SlashCommandDefinitionSource }): string[] {
  const options = (definitionJson(module.definition).options ?? []) as OptionJson[];
  return options.flatMap((option) => {
    if (option.type === SUBCOMMAND) return [option.name];
    if (option.type !== SUBCOMMAND_GROUP) return [];
    return (option.options ?? []).map((sub) => `${option.name} ${sub.name}`);
  });
}

function invocation(path: string, commandName = "test"): ChatInputCommandInteraction {
  const [first, second] = path.split(" ");
  const group = second === undefined ? null : (first ?? null);
  const sub = second ?? first ?? null;
  return {
    commandName,
    options: { getSubcommandGroup: () => group, getSubcommand: () => sub },
  } as unknown as ChatInputCommandInteraction;
}

describe.each([
  ["/campaign", campaignCommand, CAMPAIGN_SUBCOMMANDS],
  ["/protagonist", protagonistCommand, PROTAGONIST_SUBCOMMANDS],
  ["/bond", bondCommand, BOND_SUBCOMMANDS],
  ["/resources", resourcesCommand, RESOURCES_SUBCOMMANDS],
])("%s", (_name, module, table) => {
  it("has one row for each subcommand it registers, and no other", () => {
    expect([...table.paths].sort()).toEqual(definedPaths(module).sort());
  });

  it("declares as writing exactly the rows that write", () => {
    for (const path of table.paths) {
      expect(commandWrites(module, invocation(path)), path).toBe(table.writing.includes(path));
    }
  });
});

describe("subcommandTable", () => {
  const context = {} as HandlerContext;

  it("runs the row of the invoked subcommand, grouped or not", async () => {
    const party = vi.fn(async () => {});
    const recover = vi.fn(async () => {});
    const table = subcommandTable({
      party: { run: party },
      "downtime recover": { run: recover, writes: true, private: true },
    });
    await table.execute(invocation("downtime recover"), context);
    expect(recover).toHaveBeenCalledOnce();
    expect(party).not.toHaveBeenCalled();
    expect(table.isPrivate(invocation("downtime recover"))).toBe(true);
    expect(table.isPrivate(invocation("party"))).toBe(false);
    expect(table.writing).toEqual(["downtime recover"]);
  });

  it("refuses a subcommand it has no row for, even one named like an object's own key", async () => {
    const table = subcommandTable({ party: { run: async () => {} } });
    await expect(table.execute(invocation("toString", "campaign"), context)).rejects.toThrow(
      "no handler for /campaign toString",
    );
  });
});
