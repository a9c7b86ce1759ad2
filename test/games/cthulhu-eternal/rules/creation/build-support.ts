/** What the build tests share. */
import type {
  ProtagonistSheet,
  SheetSkill,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";

export function skillOf(
  sheet: ProtagonistSheet | { skills: SheetSkill[] },
  name: string,
): SheetSkill {
  const found = sheet.skills.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no ${name} on the sheet`);
  return found;
}

export function ratings(sheet: ProtagonistSheet): Record<string, number> {
  return Object.fromEntries(sheet.skills.map((s) => [s.name, s.rating]));
}
