import { ComponentType, ModalSubmitFields } from "discord.js";
import { describe, expect, it } from "vitest";
import { formValues } from "../../../../src/games/cthulhu-eternal/creation/flow.js";
import {
  pendingChoices,
  type CreationSession,
} from "../../../../src/games/cthulhu-eternal/creation/session.js";
import { EMBED_LIMITS } from "../../../../src/core/discord/format.js";
import {
  basicsForm,
  picksForm,
} from "../../../../src/games/cthulhu-eternal/presentation/creation-forms.js";
import { creationMessage } from "../../../../src/games/cthulhu-eternal/presentation/creation-message.js";
import {
  diceText,
  picksLeftLine,
} from "../../../../src/games/cthulhu-eternal/presentation/creation-preview.js";
import {
  kindsForm,
  skillsForm,
} from "../../../../src/games/cthulhu-eternal/presentation/creation-skills-form.js";
import {
  ADVERSITY_SKILLS,
  archetypesFor,
  pickBudget,
  previewProtagonist,
  rollStats,
  skillCatalog,
  type CreationDraft,
  type SkillDefinition,
} from "../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { seededRng } from "../../../../src/core/rng.js";
import { sampleChoices } from "../rules/creation/sample.js";

const LONG = "W".repeat(100);

/** Sixty-character "(Type)" skills and thirty archetypes of long names: the worst a GM can make. */
const customSkills: SkillDefinition[] = Array.from({ length: 30 }, (_, i) => ({
  name: `${"Esoteric Discipline ".repeat(3).slice(0, 55)}${i}`,
  base: 10,
  typed: true,
}));
const customArchetypes = Array.from({ length: 30 }, (_, i) => ({
  id: `custom-${i}`,
  name: `${LONG.slice(0, 95)} ${i}`,
  era: "modern",
  recommendedStats: ["INT", "POW", "CHA"],
  skills: customSkills.slice(0, 6).map((s) => ({ skill: `${s.name} (Type)`, rating: 60 })),
  optionalSkillCount: 5,
  optionalSkills: customSkills.map((s) => ({ skill: `${s.name} (Type)`, rating: 40 })),
  resources: 3,
  bonds: 20,
}));

function session(draft: CreationDraft, custom = false): CreationSession {
  const archetypes = custom
    ? archetypesFor("modern", customArchetypes, customSkills)
    : archetypesFor("modern");
  return {
    userId: "300000000000000002",
    guildId: "100000000000000001",
    campaignId: "campaign",
    catalog: {
      campaign: { id: "campaign", name: LONG },
      era: "modern",
      archetypes,
      skills: skillCatalog("modern", custom ? customSkills : []).skills,
      adversitySkills: ADVERSITY_SKILLS.modern,
      creationSkillCap: 80,
    },
    draft,
    version: 12345,
    rolls: rollStats(seededRng(7)),
    typed: {},
    notices: [],
    archetypePage: 1,
    created: null,
  };
}

function preview(s: CreationSession) {
  const context = s.catalog.archetypes.length > 20 ? { customArchetypes, customSkills } : {};
  return { ...previewProtagonist(s.draft, undefined, context), era: "modern" as const };
}

interface Json {
  type?: number;
  custom_id?: string;
  label?: string;
  description?: string;
  placeholder?: string;
  value?: string;
  max_length?: number;
  min_values?: number;
  max_values?: number;
  options?: Json[];
  component?: Json;
  components?: Json[];
}

function expectWithin(text: string | undefined, max: number): void {
  expect(text?.length ?? 0).toBeLessThanOrEqual(max);
}

function checkSelect(select: Json): void {
  const options = select.options ?? [];
  expect(options.length).toBeGreaterThan(0);
  expect(options.length).toBeLessThanOrEqual(25);
  expect(select.max_values ?? 1).toBeLessThanOrEqual(options.length);
  for (const option of options) {
    expectWithin(option.label, 100);
    expectWithin(option.description, 100);
    expectWithin(option.value, 100);
  }
}

/** Discord's limits on a message: rows, buttons, menus, custom ids, content and embeds. */
function checkMessage(message: ReturnType<typeof creationMessage>): void {
  expectWithin(message.content, 2000);
  const rows = message.components.map((row) => row.toJSON() as unknown as Json);
  expect(rows.length).toBeLessThanOrEqual(5);
  for (const row of rows) {
    const children = row.components ?? [];
    expect(children.length).toBeGreaterThan(0);
    expect(children.length).toBeLessThanOrEqual(5);
    for (const child of children) {
      expectWithin(child.custom_id, 100);
      if (child.type === ComponentType.Button) expectWithin(child.label, 80);
      else {
        expect(children).toHaveLength(1);
        expectWithin(child.placeholder, 150);
        checkSelect(child);
      }
    }
  }
  for (const embed of message.embeds.map((e) => e.toJSON())) {
    expectWithin(embed.title, EMBED_LIMITS.title);
    expectWithin(embed.description, EMBED_LIMITS.description);
    expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
    let total = (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
    for (const field of embed.fields ?? []) {
      expectWithin(field.name, EMBED_LIMITS.fieldName);
      expectWithin(field.value, EMBED_LIMITS.fieldValue);
      total += field.name.length + field.value.length;
    }
    expect(total).toBeLessThanOrEqual(EMBED_LIMITS.total);
  }
}

/** Discord's limits on a modal: title, 1–5 labels, their texts, inputs and menus. */
function checkModal(form: { toJSON(): unknown } | undefined): void {
  expect(form).toBeDefined();
  const json = form?.toJSON() as { custom_id: string; title: string; components: Json[] };
  expectWithin(json.custom_id, 100);
  expect(json.title.length).toBeGreaterThan(0);
  expectWithin(json.title, 45);
  expect(json.components.length).toBeGreaterThan(0);
  expect(json.components.length).toBeLessThanOrEqual(5);
  for (const label of json.components) {
    expect(label.type).toBe(ComponentType.Label);
    expectWithin(label.label, 45);
    expectWithin(label.description, 100);
    const input = label.component ?? {};
    expectWithin(input.custom_id, 100);
    if (input.type === ComponentType.TextInput) {
      expectWithin(input.placeholder, 100);
      expectWithin(input.value, input.max_length ?? 4000);
    } else checkSelect(input);
  }
}

const worst: CreationDraft = {
  name: LONG,
  era: "modern",
  harshness: "very-harsh",
  stats: { method: "points", assignment: { STR: 19, DEX: 2, CON: 30, INT: 1, POW: 1, CHA: 1 } },
  archetypeId: "custom-29",
  archetypeSpecialisations: {},
  optionalSkills: customSkills.slice(6, 11).map((s) => `${s.name} (Type)`),
  adversitySkills: [`${LONG} (${LONG})`.slice(0, 120), "Unknown"],
  bonusSkills: customSkills.flatMap((s) => [`${s.name} (${LONG.slice(0, 50)})`]).slice(0, 20),
  resources: { tradeInPicks: 3, zero: true },
  bonds: Array.from({ length: 25 }, (_, i) => ({
    name: `${LONG.slice(0, 97)} ${i}`,
    kind: "community" as const,
    tradeInPicks: 9,
  })),
};

describe("the creation flow's message and forms", () => {
  const drafts: [string, CreationSession][] = [
    ["a fresh draft", session({ era: "modern" })],
    ["a complete draft", session(sampleChoices())],
    ["a rolled, very harsh draft", session({ ...sampleChoices(), harshness: "very-harsh" })],
    ["the worst a GM's content and a player's typing allow", session(worst, true)],
  ];
  const withNotices = session(worst, true);
  withNotices.notices = Array.from({ length: 10 }, () => "x".repeat(400));
  drafts.push(["many long notices", withNotices]);

  it.each(drafts)("stays within Discord's limits for %s", (_name, s) => {
    checkMessage(creationMessage("abcdEFGH", s, preview(s)));
    checkModal(basicsForm("abcdEFGH", s));
    checkModal(picksForm("abcdEFGH", s));
    if (s.draft.stats !== undefined) {
      checkModal(skillsForm("abcdEFGH", s));
      checkModal(kindsForm("abcdEFGH", s));
    }
  });

  it("opens no empty form: one asking nothing is not built", () => {
    expect(skillsForm("abcdEFGH", session({ era: "modern" }))).toBeUndefined();
    const plain = session({
      era: "modern",
      archetypeId: "white-collar-worker",
      stats: sampleChoices().stats,
    });
    expect(kindsForm("abcdEFGH", plain)).toBeUndefined();
  });

  it("lists what is still to do, and nothing the rules already object to", () => {
    const fresh = session({ era: "modern" });
    expect(pendingChoices(fresh, preview(fresh)).map((p) => p.kind)).toEqual([
      "name",
      "upbringing",
      "method",
      "archetype",
      "bonus",
    ]);
    const done = session(sampleChoices());
    expect(pendingChoices(done, preview(done))).toEqual([]);
    // An unnamed chosen "(Type)" skill is a rules problem, shown by the preview alone.
    const unnamed = session({ ...sampleChoices(), optionalSkills: ["Archeology", "Art (Type)"] });
    expect(pendingChoices(unnamed, preview(unnamed))).toEqual([
      { section: "skills", kind: "optional", wanted: 4, chosen: 2 },
    ]);
  });

  it("shows dice highest first with the dropped one struck, and never a negative pick count", () => {
    expect(diceText({ dice: [1, 6, 3, 5], droppedIndex: 0, total: 14 })).toBe("6 5 3 ~~1~~");
    const over = pickBudget({ ...sampleChoices(), bonusSkills: Array(11).fill("Search") });
    expect(picksLeftLine(over)).toBe("Bonus picks left: **0** of 10 (1 too many)");
  });
});

/** discord.js builds these from a modal submit; its constructor is internal. */
const Fields = ModalSubmitFields as unknown as new (components: unknown[]) => ModalSubmitFields;

describe("reading a submitted form", () => {
  it("reads labels (today's clients) and action rows (older ones) alike", () => {
    const shapes = [
      [
        {
          type: ComponentType.ActionRow,
          components: [{ type: ComponentType.TextInput, customId: "name", value: "Ada" }],
        },
      ],
      [
        {
          type: ComponentType.Label,
          component: { type: ComponentType.TextInput, customId: "name", value: "Ada" },
        },
        {
          type: ComponentType.Label,
          component: { type: ComponentType.StringSelect, customId: "method", values: ["focused"] },
        },
      ],
    ];
    for (const components of shapes) {
      const values = formValues({ fields: new Fields(components) });
      expect(values.text("name")).toBe("Ada");
      expect(values.text("absent")).toBeUndefined();
    }
    const labelled = formValues({ fields: new Fields(shapes[1] ?? []) });
    expect(labelled.choices("method")).toEqual(["focused"]);
    expect(labelled.choices("name")).toEqual([]);
  });
});
