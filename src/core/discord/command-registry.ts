import {
  definitionJson,
  type CommandModule,
  type SlashCommandDefinition,
  type SlashCommandDefinitionSource,
} from "./command.js";

/** Discord's rule for slash command names; it has no ":", so custom ids can route on the name. */
const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/**
 * The definitions Discord is given, in the order listed; throws on an invalid or repeated name
 * (a bug: two games' commands may never share a name).
 */
export function commandDefinitions(
  modules: readonly { readonly definition: SlashCommandDefinitionSource }[],
): SlashCommandDefinition[] {
  const names = new Set<string>();
  return modules.map((module) => {
    const json = definitionJson(module.definition);
    if (!COMMAND_NAME.test(json.name) || json.name !== json.name.toLowerCase()) {
      throw new Error(
        `command name ${JSON.stringify(json.name)} is not a valid slash command name`,
      );
    }
    if (names.has(json.name)) throw new Error(`two command modules are named ${json.name}`);
    names.add(json.name);
    return json;
  });
}

/** Every routed command (each game's, services bound in) by name. */
export class CommandRegistry {
  private readonly byName = new Map<string, CommandModule>();
  private readonly jsonByName = new Map<string, SlashCommandDefinition>();
  private readonly listed: readonly SlashCommandDefinition[];
  private readonly gmOnly: ReadonlySet<string>;

  constructor(modules: readonly CommandModule[]) {
    const definitions = commandDefinitions(modules);
    modules.forEach((module, index) => {
      const json = definitions[index];
      if (json === undefined) return;
      this.byName.set(json.name, module);
      this.jsonByName.set(json.name, json);
    });
    this.listed = Object.freeze(definitions);
    this.gmOnly = new Set(
      [...this.byName].flatMap(([name, module]) =>
        (module.gmOnly ?? []).map((path) => `/${name} ${path}`),
      ),
    );
  }

  get(name: string): CommandModule | undefined {
    return this.byName.get(name);
  }

  /** The definition Discord was given for this command. */
  definition(name: string): SlashCommandDefinition | undefined {
    return this.jsonByName.get(name);
  }

  /** Every GM-only path ("/campaign session-end") the modules declare. */
  gmOnlyPaths(): ReadonlySet<string> {
    return this.gmOnly;
  }

  /** Every definition, in the order the modules were listed: the body of the bulk overwrite. */
  definitions(): readonly SlashCommandDefinition[] {
    return this.listed;
  }
}
