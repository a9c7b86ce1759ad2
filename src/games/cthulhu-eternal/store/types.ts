/** JSON as a column holds it (the shape Prisma's `JsonValue` has). */
export type JsonValue = string | number | boolean | JsonObject | JsonArray | null;
export type JsonObject = { [key in string]?: JsonValue };
export type JsonArray = JsonValue[];

/** A campaign as stored: its settings, rule options and custom content. */
export interface Campaign {
  id: string;
  guildId: string;
  name: string;
  era: string;
  isDefault: boolean;
  /** Rule variants (src/games/cthulhu-eternal/rules/options.ts); missing keys take the documented defaults. */
  ruleOptions: JsonValue;
  /** "off" | "ephemeral" | "gm-channel" */
  secretRollMode: string;
  gmChannelId: string | null;
  sessionNumber: number;
  /** GM-defined archetypes and skills, validated by the creation rules. */
  customContent: JsonValue | null;
  /** The Extras switched on here and their settings (src/games/cthulhu-eternal/extras/). */
  extras: JsonValue | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A record's id and name, for lookups by name and suggestions. */
export interface Named {
  id: string;
  name: string;
}
