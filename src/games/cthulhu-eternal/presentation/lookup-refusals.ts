import type { FailedLookup, LookupKind } from "../services/errors.js";
import { closestNames } from "../rules/closest-names.js";
import { userText } from "../../../core/discord/format.js";
import { orList } from "./words.js";

/**
 * A name that matched nothing, in the game's words, with the closest names there are:
 * "**Ada** has no skill “Law”. Did you mean **Law (Criminal)**?"
 */

const THINGS: Readonly<Record<LookupKind, { readonly noun: string; readonly seeAll: string }>> = {
  skill: { noun: "skill", seeAll: "see them all with `/protagonist show`" },
  bond: { noun: "Bond", seeAll: "see them all with `/bond list`" },
  protagonist: { noun: "Protagonist", seeAll: "see them all with `/protagonist list`" },
  campaign: { noun: "campaign", seeAll: "ask a GM which one plays here" },
};

/** "Did you mean **A**, **B** or **C**?" */
export function didYouMean(names: readonly string[]): string {
  return `Did you mean ${orList(names.map((name) => `**${userText(name)}**`))}?`;
}

function missing(lookup: FailedLookup, typed: string): string {
  const { noun } = THINGS[lookup.kind];
  const name = `“${userText(typed)}”`;
  const owner = lookup.owner === null ? null : `**${userText(lookup.owner)}**`;
  switch (lookup.kind) {
    case "skill":
    case "bond":
      return owner === null ? `There is no ${noun} ${name}.` : `${owner} has no ${noun} ${name}.`;
    case "protagonist":
      return owner === null
        ? `There is no Protagonist ${name} here.`
        : `There is no Protagonist ${name} in ${owner}.`;
    case "campaign":
      return `This server has no campaign ${name}.`;
  }
}

/** The words for a failed lookup by name (or by an id that no longer leads anywhere). */
export function lookupRefusal(lookup: FailedLookup): string {
  const thing = THINGS[lookup.kind];
  if (lookup.typed === null) return `That ${thing.noun} no longer exists — pick one from the list.`;
  const sentence = missing(lookup, lookup.typed);
  if (lookup.suggestions.length > 0) return `${sentence} ${didYouMean(lookup.suggestions)}`;
  return `${sentence} Type a few letters and pick one from the list, or ${thing.seeAll}.`;
}

/**
 * A value that is none of a fixed set (a typo, or a Discord client showing an old list):
 * "There is no threat “Violnce”. Did you mean **Violence**? Choose Unnatural, Violence or
 * Helplessness."
 */
export function choiceRefusal(noun: string, typed: string, choices: readonly string[]): string {
  if (typed.trim() === "") return `Choose the ${noun}: ${orList(choices)}.`;
  const suggestions = closestNames(typed, choices);
  const hint = suggestions.length > 0 ? ` ${didYouMean(suggestions)}` : "";
  return `There is no ${noun} “${userText(typed)}”.${hint} Choose ${orList(choices)} from the list.`;
}
