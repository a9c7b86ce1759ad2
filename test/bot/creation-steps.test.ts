import { describe, expect, it } from "vitest";
import {
  CREATION_STEPS,
  nextStep,
  previousStep,
  stepProblem,
  stepsOf,
  type CreationSession,
} from "../../src/bot/creation-session.js";
import {
  adversityForm,
  bondsForm,
  creationMessage,
  nameForm,
  picksForm,
  specialisationForm,
  statsForm,
} from "../../src/bot/presentation/creation-steps.js";
import {
  ADVERSITY_SKILLS,
  archetypesFor,
  previewProtagonist,
  skillCatalog,
  type CreationDraft,
} from "../../src/rules/creation/index.js";
import { sampleChoices } from "../rules/creation/sample.js";

function session(
  draft: CreationDraft,
  step: CreationSession["step"] = "upbringing",
): CreationSession {
  return {
    userId: "300000000000000002",
    guildId: "100000000000000001",
    campaignId: "campaign",
    catalog: {
      campaign: { id: "campaign", name: "Night Floors" },
      era: "modern",
      archetypes: archetypesFor("modern"),
      skills: skillCatalog("modern").skills,
      adversitySkills: ADVERSITY_SKILLS.modern,
      creationSkillCap: 80,
      unnaturalBonusPicks: true,
    },
    draft,
    step,
    rolls: null,
    typed: {},
    notice: null,
    archetypePage: 0,
  };
}

const preview = (draft: CreationDraft) => ({
  ...previewProtagonist(draft),
  era: "modern" as const,
});

interface ComponentJson {
  type: number;
  custom_id?: string;
  label?: string;
  options?: unknown[];
  components?: ComponentJson[];
}

describe("the bonus picks step", () => {
  const skillsListed = (unnaturalBonusPicks: boolean) => {
    const base = session(sampleChoices(), "picks");
    const message = creationMessage(
      "abcdEFGH",
      { ...base, catalog: { ...base.catalog, unnaturalBonusPicks } },
      preview(sampleChoices()),
    );
    return /Skills: (.*)$/u.exec(message.content)?.[1] ?? "";
  };

  it("lists Unnatural among the skills a pick may raise only where the campaign allows it", () => {
    expect(skillsListed(true)).toMatch(/Unnatural/);
    expect(skillsListed(false)).not.toMatch(/Unnatural/);
  });
});

describe("the creation flow's message", () => {
  const harsh: CreationDraft = {
    ...sampleChoices(),
    harshness: "very-harsh",
    adversitySkills: ["First Aid", "Survival (Desert)"],
  };

  it.each(CREATION_STEPS)("stays within Discord's component limits at step %s", (step) => {
    const message = creationMessage("abcdEFGH", session(harsh, step), preview(harsh));
    const rows = message.components.map((row) => row.toJSON() as unknown as ComponentJson);
    expect(rows.length).toBeLessThanOrEqual(5);
    for (const row of rows) {
      const children = row.components ?? [];
      expect(children.length).toBeGreaterThan(0);
      expect(children.length).toBeLessThanOrEqual(5);
      for (const child of children) {
        expect(child.custom_id?.length ?? 0).toBeLessThanOrEqual(100);
        expect(child.label?.length ?? 0).toBeLessThanOrEqual(80);
        expect(child.options?.length ?? 0).toBeLessThanOrEqual(25);
      }
    }
    expect(message.content.length).toBeLessThanOrEqual(2000);
    expect(message.content).toMatch(/^\*\*Step \d of 9 · /);
  });

  it("shows the preview's problems in the player's words", () => {
    const draft: CreationDraft = {
      ...sampleChoices(),
      stats: {
        method: "points",
        assignment: { STR: 19, DEX: 11, CON: 9, INT: 15, POW: 14, CHA: 4 },
      },
    };
    const embed = creationMessage(
      "abcdEFGH",
      session(draft, "stat-values"),
      preview(draft),
    ).embeds[0]?.toJSON();
    const problems = embed?.fields?.find((f) => f.name === "⚠️ To fix")?.value;
    expect(problems).toContain("STR is 19; each stat must be a whole number from 3 to 18");
  });

  it("builds forms within Discord's modal limits", () => {
    const s = session(
      {
        ...harsh,
        optionalSkills: ["Art (Type)", "Craft (Pottery)"],
        archetypeId: "artist-craftsperson",
      },
      "archetype-skills",
    );
    const forms = [
      nameForm("abcdEFGH", "Dr. Miriam Vance"),
      statsForm("abcdEFGH", s),
      specialisationForm("abcdEFGH", s),
      adversityForm("abcdEFGH", s),
      bondsForm("abcdEFGH", s),
      picksForm("abcdEFGH", s),
    ].map((form) => form.toJSON());
    for (const form of forms) {
      expect(form.title.length).toBeLessThanOrEqual(45);
      expect(form.components.length).toBeGreaterThan(0);
      expect(form.components.length).toBeLessThanOrEqual(5);
      for (const label of form.components as unknown as { label: string; description?: string }[]) {
        expect(label.label.length).toBeLessThanOrEqual(45);
        expect(label.description?.length ?? 0).toBeLessThanOrEqual(100);
      }
    }
    // Art and Craft of the archetype, then the two chosen "(Type)" picks, unnamed ones first.
    const specialisations = JSON.stringify(forms[2]);
    expect(specialisations).toContain('"custom_id":"a-Art"');
    expect(specialisations).toContain('"custom_id":"o-1"');
    expect(specialisations).toContain('"value":"Pottery"');
  });
});

describe("the creation steps", () => {
  it("skips adversity picks after a Normal upbringing", () => {
    expect(stepsOf({ harshness: "normal" })).not.toContain("adversity");
    expect(stepsOf({ harshness: "harsh" })).toContain("adversity");
    expect(nextStep({ harshness: "normal" }, "archetype-skills")).toBe("bonds");
    expect(previousStep({ harshness: "harsh" }, "bonds")).toBe("adversity");
  });

  it("says what keeps a step from completing, and nothing once it is done", () => {
    const fresh: CreationDraft = { era: "modern" };
    expect(stepProblem("upbringing", session(fresh), preview(fresh))).toBe("Choose an upbringing.");
    const harsh: CreationDraft = { era: "modern", harshness: "harsh" };
    expect(stepProblem("upbringing", session(harsh), preview(harsh))).toMatch(/STR or CON/);
    const done = sampleChoices();
    for (const step of stepsOf(done)) {
      expect(stepProblem(step, session(done), preview(done))).toBeNull();
    }
    const short: CreationDraft = { ...done, bonusSkills: done.bonusSkills.slice(0, 7) };
    expect(stepProblem("picks", session(short), preview(short))).toBe(
      "Spend your 3 remaining bonus pick(s).",
    );
  });
});
