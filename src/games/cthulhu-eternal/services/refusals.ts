import type { RulesRefusal } from "../rules/refusals.js";
import type { CreationViolation } from "../rules/creation/violations.js";
import type { InputNote } from "./protagonist-input.js";
import type { ProtagonistStatus } from "./snapshot.js";

/**
 * Why a service refused a request, as a code and the facts its words need. Names are as stored
 * or typed (presentation escapes and quotes them); the sentences are in
 * `presentation/service-refusals.ts`, one per code.
 */
export type ServiceRefusal =
  // Finding things
  | { readonly code: "not-found"; readonly thing: MissingThing; readonly id?: number }
  | { readonly code: "no-campaign-yet" }
  | { readonly code: "no-active-protagonist"; readonly campaign: string }
  | { readonly code: "several-protagonists" }
  | { readonly code: "name-a-protagonist" }
  | { readonly code: "listed-twice" }
  | { readonly code: "test-needs-protagonist"; readonly test: "skill" | "stat" }
  // Rights
  | { readonly code: "gm-only"; readonly campaign: string }
  | { readonly code: "not-yours"; readonly protagonist: string }
  | { readonly code: "pool-not-yours"; readonly protagonist: string }
  | { readonly code: "gain-needs-gm" }
  | { readonly code: "status-needs-gm" }
  | { readonly code: "erase-disorder-needs-gm" }
  | { readonly code: "campaign-needs-manage-server" }
  | { readonly code: "default-campaign-gm-only"; readonly campaign: string }
  | { readonly code: "bound-channel-gm-only"; readonly campaign: string }
  // Campaigns
  | { readonly code: "campaign-name-taken"; readonly name: string }
  | {
      readonly code: "campaign-extras-invalid";
      /** The module's id as the file has it. */
      readonly module: string;
      readonly problem: "unknown-module" | "setting" | "data";
    }
  | { readonly code: "campaign-file-invalid"; readonly path: string | null }
  | { readonly code: "gm-channel-needed" }
  | {
      readonly code: "custom-content-invalid";
      readonly campaign: string;
      /** Where in the data, dotted (`archetypes.0.name`), or null. */
      readonly path: string | null;
      /** What is wrong there. */
      readonly problem: InputNote;
    }
  | { readonly code: "session-ended" }
  // Protagonists
  | { readonly code: "protagonist-name-taken"; readonly campaign: string; readonly name: string }
  | { readonly code: "out-of-play"; readonly protagonist: string; readonly status: Status }
  | { readonly code: "cannot-be-played"; readonly protagonist: string; readonly status: Status }
  | { readonly code: "already-status"; readonly protagonist: string; readonly status: Status }
  | { readonly code: "no-more-san-tests"; readonly protagonist: string; readonly status: Status }
  | {
      readonly code: "select-in-other-campaign";
      readonly here: string;
      readonly protagonist: string;
      readonly campaign: string;
    }
  | { readonly code: "say-what-to-change" }
  | { readonly code: "changes-nothing"; readonly protagonist: string }
  | {
      readonly code: "out-of-range";
      readonly field: string;
      readonly min: number;
      readonly max: number;
      /** What bounds it, when it is not fixed. */
      readonly bound?: RangeBound;
      /** The Resources rating, for the "resource-boxes" bound. */
      readonly resources?: number;
    }
  | { readonly code: "skill-listed-twice"; readonly skill: string }
  | { readonly code: "skill-unknown"; readonly skill: string }
  | { readonly code: "specialisation-missing"; readonly skill: string }
  | { readonly code: "specialisation-unexpected"; readonly skill: string }
  | { readonly code: "no-such-disorder"; readonly protagonist: string }
  | { readonly code: "disorder-already-cured"; readonly disorder: string }
  | { readonly code: "disorder-not-cured"; readonly disorder: string }
  | {
      readonly code: "cannot-create-yet";
      /** The creation rules' violations, as facts (presentation words them). */
      readonly violations: readonly CreationViolation[];
    }
  /** A rules refusal passed on, with its facts. */
  | { readonly code: "rules-refused"; readonly refusal: RulesRefusal }
  /** A request value the schema refused, with the input checks' note on it. */
  | { readonly code: "bad-input"; readonly field: string | null; readonly note: InputNote }
  | { readonly code: "import-too-large"; readonly maxKb: number }
  | { readonly code: "import-not-json" }
  /** The import's problems are listed apart (`ImportRefused.problems`). */
  | { readonly code: "import-refused"; readonly problems: number }
  | { readonly code: "changed-since"; readonly protagonist: string }
  /** A module's campaign data (its module id) changed after the change to undo. */
  | { readonly code: "campaign-data-changed-since"; readonly module: string }
  // Harm and Resources
  | {
      readonly code: "above-maximum";
      readonly protagonist: string;
      readonly max: number;
      readonly pool: "HP" | "WP";
    }
  | { readonly code: "no-resources-left"; readonly protagonist: string }
  /** `corrupting` on a loss, in a bot that offers no module to take it. */
  | { readonly code: "corruption-unavailable" }
  /** `corrupting` on a heal or a correction. */
  | { readonly code: "corrupting-is-a-loss" }
  /** `opponent` on a roll, in a bot that offers no module to take it. */
  | { readonly code: "opponents-unavailable" }
  /** `opponent` on a roll that is not a Protagonist's skill or stat test. */
  | { readonly code: "opponent-needs-a-test" }
  | {
      readonly code: "too-few-unchecked";
      readonly protagonist: string;
      readonly checked: number;
      readonly boxes: number;
      readonly asked: number;
    }
  | {
      readonly code: "too-few-checked";
      readonly protagonist: string;
      readonly checked: number;
      readonly asked: number;
    }
  | {
      readonly code: "members-in-other-campaign";
      readonly stranger: string;
      readonly first: string;
    }
  // Bonds
  | { readonly code: "bond-unnamed" }
  | { readonly code: "bond-at-maximum"; readonly bond: string; readonly maximum: number }
  | { readonly code: "bond-to-self"; readonly protagonist: string }
  | { readonly code: "bond-across-campaigns"; readonly fellow: string }
  | { readonly code: "bond-not-broken"; readonly bond: string }
  | { readonly code: "broken-bond-tested"; readonly bond: string; readonly eventId: number }
  // Sanity and shared adversity
  | { readonly code: "san-test-undone" }
  | { readonly code: "san-loss-projected" }
  | { readonly code: "san-loss-not-projectable" }
  | { readonly code: "no-san-test-to-project"; readonly protagonist: string }
  | { readonly code: "adversity-needs-two" }
  | { readonly code: "adversity-across-campaigns" }
  | {
      readonly code: "adversity-choose-fellows";
      readonly candidates: number;
      readonly toChoose: number;
    }
  | { readonly code: "adversity-applied" }
  // The log
  | { readonly code: "no-change-to-undo" }
  | { readonly code: "name-the-change" }
  | { readonly code: "undo-of-undo"; readonly eventId?: number }
  | { readonly code: "already-undone"; readonly eventId?: number; readonly by?: number }
  | { readonly code: "nothing-to-undo"; readonly eventId?: number }
  | { readonly code: "later-change"; readonly action: DependentAction; readonly eventId: number }
  | { readonly code: "later-change-hidden"; readonly action: DependentAction };

export type ServiceRefusalCode = ServiceRefusal["code"];

/** What a lookup by id found nothing for. */
export type MissingThing =
  | "protagonist"
  | "change"
  | "san-test"
  | "group-san-test"
  | "broken-bond"
  | "shared-adversity-test";

/** What a later change stands in the way of. */
export type DependentAction = "project-san-loss";

/** What caps a sheet value besides its fixed range. */
export type RangeBound = "max-hp" | "max-wp" | "max-san" | "resource-boxes";

type Status = Exclude<ProtagonistStatus, "active">;
