import {
  DEFAULT_RULE_OPTIONS,
  type RuleOptions,
} from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import type { Bond, SanityState } from "../../../../../src/games/cthulhu-eternal/rules/types.js";
import type { SanityEvent } from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import { scriptedRng } from "../../../../../src/core/rng.js";

/** A Protagonist with SAN 50, POW 10 (BP 40), CHA 12, WP 10, an individual and a community Bond. */
export function protagonist(overrides: Partial<SanityState> = {}): SanityState {
  return {
    san: 50,
    pow: 10,
    cha: 12,
    wp: 10,
    breakingPoint: 40,
    unnatural: 0,
    adaptation: {
      violence: { boxes: 0, adapted: false },
      helplessness: { boxes: 0, adapted: false },
    },
    disorders: [],
    bonds: [sister(), guild()],
    ...overrides,
  };
}

export function sister(overrides: Partial<Bond> = {}): Bond {
  return {
    id: "b1",
    name: "My sister",
    kind: "individual",
    score: 12,
    crossedOff: false,
    ...overrides,
  };
}

export function guild(overrides: Partial<Bond> = {}): Bond {
  return {
    id: "b2",
    name: "The Guild",
    kind: "community",
    score: 8,
    crossedOff: false,
    ...overrides,
  };
}

export function withOptions(overrides: Partial<RuleOptions> = {}): RuleOptions {
  return { ...DEFAULT_RULE_OPTIONS, ...overrides };
}

export function adaptation(
  violence: number,
  helplessness = 0,
  adapted: { violence?: boolean; helplessness?: boolean } = {},
): SanityState["adaptation"] {
  return {
    violence: { boxes: violence, adapted: adapted.violence ?? false },
    helplessness: { boxes: helplessness, adapted: adapted.helplessness ?? false },
  };
}

export { percentileFaces } from "../../../../support/dice.js";

export const defaults = withOptions();
export const noDice = () => scriptedRng([]);

export function types(events: SanityEvent[]): string[] {
  return events.map((event) => event.type);
}
