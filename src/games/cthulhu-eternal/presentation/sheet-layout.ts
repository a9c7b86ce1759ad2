import {
  ComponentType,
  SeparatorSpacingSize,
  type APIActionRowComponent,
  type APIComponentInContainer,
  type APIContainerComponent,
  type APIStringSelectComponent,
} from "discord.js";
import { customId } from "../../../core/discord/custom-id.js";
import { truncate, userParagraph, userText } from "../../../core/discord/format.js";
import { statTestRating } from "../rules/percentile.js";
import { STAT_NAMES } from "../rules/types.js";
import type { ProtagonistView } from "../services/protagonist-queries.js";
import { conditionBadges } from "./conditions.js";
import { boxes } from "./percentile-format.js";
import {
  adaptation,
  bondLines,
  disorderLines,
  signed,
  statLines,
  type SheetExtraField,
} from "./protagonist-sheet.js";

/** Discord's Components V2 limits per message (all components nested, all text displays). */
export const V2_LIMITS = { components: 40, text: 4000, selectOptions: 25 } as const;
/** A text display is kept this short so that messages pack well under the 4,000 total. */
const BLOCK_MAX = 1500;

const SHEET_COLOUR = 0x2f4f6f;
const OUT_OF_PLAY_COLOUR = 0x7f8c8d;

/** Where the sheet's roll menus route: `<command>:<action>:<protagonist id>:<menu>`. */
export interface SheetRollMenus {
  readonly command: string;
  readonly skillAction: string;
  readonly statAction: string;
}

/** The value of the stat menu's Luck option (the others are the stats' names). */
export const LUCK_OPTION = "luck";

type Part = { readonly text: string } | { readonly separator: true };

/**
 * Lines joined into text blocks of at most `max` characters; a single longer line (a long note)
 * is cut into pieces, so that no block is ever too long for a message.
 */
function blocks(lines: readonly string[], max = BLOCK_MAX, joiner = "\n"): string[] {
  const out: string[] = [];
  let current = "";
  for (const whole of lines) {
    const pieces =
      whole.length > max ? (whole.match(new RegExp(`[^]{1,${max}}`, "gu")) ?? []) : [whole];
    for (const line of pieces) {
      const next = current ? `${current}${joiner}${line}` : line;
      if (next.length > max && current) {
        out.push(current);
        current = line;
      } else current = next;
    }
  }
  if (current) out.push(current);
  return out;
}

const section = (title: string, lines: readonly string[], empty = "None."): Part[] =>
  blocks([`### ${title}`, ...(lines.length ? lines : [empty])]).map((text) => ({ text }));

/** The sheet's text, in reading order: who, stats, pools, skills, Bonds, Resources, disorders… */
function sheetParts(view: ProtagonistView, extras: readonly SheetExtraField[]): Part[] {
  const p = view.protagonist;
  const d = view.derived;
  const skills = p.skills.map(
    (s) => `${userText(s.name)} **${s.rating}**${s.failureMarked ? " ☒" : ""}`,
  );
  const parts: Part[] = [
    {
      text: truncate(
        `## ${userText(p.name)}\n${userText(p.archetype)} · played by <@${p.ownerId}>\n${conditionBadges(view.conditions)}`,
        BLOCK_MAX,
      ),
    },
    { text: statLines(p) },
    {
      text: `**HP** ${p.hp}/${p.hpMax} · **WP** ${p.wp}/${p.wpMax} · **SAN** ${p.san}/${d.maxSan} max · **Breaking point** ${p.breakingPoint}\nRecovery SAN ${d.recoverySan} · Damage bonus ${signed(d.damageBonus)}`,
    },
    { separator: true },
    // Skills run on as one paragraph, cut between two skills.
    ...blocks(skills.length ? skills : ["None."], BLOCK_MAX - 20, " · ").map((text, index) => ({
      text: index === 0 ? `### Skills\n${text}` : text,
    })),
    { separator: true },
    ...section("Bonds", bondLines(p)),
    {
      text: `### Resources\n**${p.resources.rating}** — ${p.resources.atHand} at hand · ${p.resources.stowed} stowed · ${p.resources.storage} in storage · checks ${boxes(p.resources.checked, d.resourceCheckBoxes)}\n**Adaptation** ${adaptation(p)}`,
    },
    ...section("Disorders", disorderLines(p)),
    ...extras.flatMap((field) => section(userText(field.name), [field.value])),
  ];
  if (p.notes.trim()) parts.push(...section("Notes", [userParagraph(p.notes, 2000)]));
  parts.push({ text: `-# Campaign: ${userText(view.campaign.name)}` });
  return parts;
}

type MenuRow = APIActionRowComponent<APIStringSelectComponent>;

const menuRow = (select: Omit<APIStringSelectComponent, "type">): MenuRow => ({
  type: ComponentType.ActionRow,
  components: [{ type: ComponentType.StringSelect, ...select }],
});

/** The roll menus: every skill (25 a menu), then the stats × 5 and Luck. */
function rollMenus(view: ProtagonistView, menus: SheetRollMenus): MenuRow[] {
  const p = view.protagonist;
  const rows: MenuRow[] = [];
  const size = V2_LIMITS.selectOptions;
  for (let start = 0; start < p.skills.length; start += size) {
    const page = p.skills.slice(start, start + size);
    const range = p.skills.length > size ? ` (${start + 1}–${start + page.length})` : "";
    rows.push(
      menuRow({
        custom_id: customId(menus.command, menus.skillAction, p.id, start / size),
        placeholder: `🎲 Roll a skill${range}…`,
        // A skill's name fits a label (both 100 at most); its rating goes beneath.
        options: page.map((s) => ({
          label: s.name,
          value: s.id,
          description: `${s.rating}%${s.failureMarked ? " · failure mark ☒" : ""}`,
        })),
      }),
    );
  }
  rows.push(
    menuRow({
      custom_id: customId(menus.command, menus.statAction, p.id),
      placeholder: "🎲 Roll a stat × 5, or Luck…",
      options: [
        ...STAT_NAMES.map((stat) => ({
          label: `${stat} × 5 — ${statTestRating(p.stats[stat])}%`,
          value: stat,
        })),
        { label: "Luck — 50%", value: LUCK_OPTION },
      ],
    }),
  );
  return rows;
}

/** Components a row of one select counts: the row and the select. */
const ROW_COMPONENTS = 2;

const separator: APIComponentInContainer = {
  type: ComponentType.Separator,
  spacing: SeparatorSpacingSize.Small,
  divider: true,
};

/**
 * A Protagonist's sheet as Components V2 messages: each a container of text displays within
 * Discord's 40 components and 4,000 characters, the first with menus that roll from the sheet
 * (while the Protagonist is in play). A sheet as large as the bot accepts runs on in further
 * messages. Plain API objects: the fake Discord checks their shape in the tests, and discord.js's
 * builders would validate every option again on each render.
 */
export function sheetLayout(
  view: ProtagonistView,
  extras: readonly SheetExtraField[],
  menus: SheetRollMenus | null,
): APIContainerComponent[] {
  const colour = view.protagonist.status === "active" ? SHEET_COLOUR : OUT_OF_PLAY_COLOUR;
  const rows = menus && view.protagonist.status === "active" ? rollMenus(view, menus) : [];
  const containers: APIContainerComponent[] = [];
  let children: APIComponentInContainer[] = [];
  // The first message keeps room for its menus and the separator above them.
  let components = 1 + rows.length * ROW_COMPONENTS + (rows.length ? 1 : 0);
  let text = 0;
  const flush = () => {
    containers.push({ type: ComponentType.Container, accent_color: colour, components: children });
    children = [];
    components = 1;
    text = 0;
  };
  for (const part of sheetParts(view, extras)) {
    const length = "text" in part ? part.text.length : 0;
    if (components + 1 > V2_LIMITS.components || text + length > V2_LIMITS.text) flush();
    children.push(
      "text" in part ? { type: ComponentType.TextDisplay, content: part.text } : separator,
    );
    components += 1;
    text += length;
  }
  flush();
  const first = containers[0];
  if (first && rows.length) first.components.push(separator, ...rows);
  return containers;
}
