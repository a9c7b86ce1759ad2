import type { EventViewer } from "./event-visibility.js";
import type { ProtagonistSnapshot, SkillSnapshot } from "./snapshot.js";

/**
 * Failure marks ticked by secret rolls. A secret roll's result is for its roller and the
 * campaign's GMs, so the mark it ticks is too: the sheet as anyone else reads it (shown in the
 * channel, the party, autocomplete, exports) leaves it out, and the session end rolls its
 * improvement for the GM privately. A later open failure of the skill shows the mark to all.
 */

type Mark = Pick<SkillSnapshot, "failureMarked" | "failureMarkVisibleTo">;

/** Who may see the result of a roll: null, the table; else the roller (and the GMs). */
export function rollAudience(secret: boolean, rollerId: string): string | null {
  return secret ? rollerId : null;
}

/** Whether `viewer` may see the skill's failure mark (false when it has none). */
export function markSeenBy(skill: Mark, viewer: EventViewer): boolean {
  if (!skill.failureMarked) return false;
  if (skill.failureMarkVisibleTo === null) return true;
  if (viewer.kind === "bot") return true;
  if (viewer.kind === "everyone") return false;
  return viewer.gm || viewer.userId === skill.failureMarkVisibleTo;
}

/** Whether a mark is already ticked as the audience of a roll by `roller` sees it. */
export function markedForRoll(
  skill: Mark,
  audience: string | null,
  roller: { userId: string; gm: boolean },
): boolean {
  if (audience === null) return markSeenBy(skill, { kind: "everyone" });
  return markSeenBy(skill, { kind: "member", ...roller });
}

/** A skill as `viewer` sees it: a mark they may not see reads as no mark. */
export function skillSeenBy<S extends Mark>(skill: S, viewer: EventViewer): S {
  if (!skill.failureMarked || markSeenBy(skill, viewer)) return skill;
  return { ...skill, failureMarked: false, failureMarkVisibleTo: null };
}

/** The sheet as `viewer` sees it (see skillSeenBy). */
export function sheetSeenBy(sheet: ProtagonistSnapshot, viewer: EventViewer): ProtagonistSnapshot {
  if (sheet.skills.every((skill) => markSeenBy(skill, viewer) === skill.failureMarked)) {
    return sheet;
  }
  return { ...sheet, skills: sheet.skills.map((skill) => skillSeenBy(skill, viewer)) };
}

/** The names of the skills whose marks `viewer` sees and the table does not. */
export function hiddenMarksSeenBy(sheet: ProtagonistSnapshot, viewer: EventViewer): string[] {
  return sheet.skills
    .filter((skill) => skill.failureMarked && skill.failureMarkVisibleTo !== null)
    .filter((skill) => markSeenBy(skill, viewer))
    .map((skill) => skill.name);
}
