import { truncate, userText } from "../../../core/discord/format.js";
import type {
  ForeverReport,
  LeftOut,
  NoteField,
} from "../services/cthulhu-forever/from-forever.js";
import { plural } from "./creation-words.js";

const NOTE_LABELS: Readonly<Record<NoteField, string>> = {
  notes: "notes",
  profession: "profession",
  birthplace: "birthplace",
  gender: "gender",
  characterAge: "age",
  motivations: "motivations",
  backstory: "backstory",
  gear: "gear",
  weapons: "weapons",
  bodyArmour: "body armour",
  terribleTomes: "terrible tomes",
  permanentInjuries: "permanent injuries",
};

function leftOutText(item: LeftOut): string {
  switch (item.code) {
    case "notes-full":
      return `${NOTE_LABELS[item.field]} (the notes hold ${item.max.toLocaleString("en")} characters)`;
    case "type-missing":
      return `${userText(item.skill)} ${item.rating}% (no type given)`;
    case "unnamed-skill":
      return "a custom skill with no name";
    case "temporary-insanity":
      return "temporary insanity (an episode belongs to the table it happened at)";
    case "derived":
      return "maximum HP, WP and SAN and recovery SAN (the bot works them out)";
  }
}

/** What an import from Cthulhu Forever did with the file, for the importer's reply. */
export function foreverImportText(report: ForeverReport): string {
  const lines = [
    `From **Cthulhu Forever**: stats, HP, WP, SAN and breaking point, ${plural(report.skills, "skill")}, ${plural(report.bonds, "Bond")}, ${plural(report.disorders, "disorder")}, Resources, adaptation and failure marks are on the sheet.`,
  ];
  if (report.era) {
    lines.push(
      `Made for the generator's \`${userText(report.era)}\` era: its skills were read with this campaign's list.`,
    );
  }
  if (report.ownSkills.length) {
    lines.push(
      `Kept as their own skills (not on this campaign's list): ${report.ownSkills.map((s) => userText(s)).join(", ")}.`,
    );
  }
  if (report.notes.length) {
    lines.push(`In the notes: ${report.notes.map((f) => NOTE_LABELS[f]).join(", ")}.`);
  }
  if (report.leftOut.length) {
    lines.push(`Left out: ${report.leftOut.map(leftOutText).join("; ")}.`);
  }
  return truncate(lines.join("\n"), 1800);
}
