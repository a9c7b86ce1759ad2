import { definitionJson, type CommandModule, type SlashCommandDefinition } from "./command.js";

/** Discord's rule for slash command names; it has no ":", so custom ids can route on the name. */
const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

export class CommandRegistry {
  private readonly byName = new Map<string, CommandModule>();
  private readonly jsonByName = new Map<string, SlashCommandDefinition>();

  constructor(modules: readonly CommandModule[]) {
    for (const module of modules) {
      const json = definitionJson(module.definition);
      if (!COMMAND_NAME.test(json.name) || json.name !== json.name.toLowerCase()) {
        throw new Error(
          `command name ${JSON.stringify(json.name)} is not a valid slash command name`,
        );
      }
      if (this.byName.has(json.name)) throw new Error(`two command modules are named ${json.name}`);
      this.byName.set(json.name, module);
      this.jsonByName.set(json.name, json);
    }
  }

  get(name: string): CommandModule | undefined {
    return this.byName.get(name);
  }

  /** The definition Discord was given for this command. */
  definition(name: string): SlashCommandDefinition | undefined {
    return this.jsonByName.get(name);
  }

  /** Every definition, in the order the modules were listed: the body of the bulk overwrite. */
  definitions(): SlashCommandDefinition[] {
    return [...this.jsonByName.values()];
  }
}
