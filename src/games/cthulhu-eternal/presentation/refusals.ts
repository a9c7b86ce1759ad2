import { isDiceError } from "../rules/dice/index.js";
import { isSanLossNotationError } from "../rules/sanity/index.js";
import {
  isInvalidInputError,
  isNameNotFoundError,
  isServiceError,
  isServiceRefusal,
} from "../services/errors.js";
import { serviceRefusalText } from "./service-refusals.js";
import { diceRefusal, sanLossRefusal } from "./dice-refusals.js";
import { inputRefusal } from "./input-refusals.js";
import { lookupRefusal } from "./lookup-refusals.js";
import { isUndoRefusedError } from "../services/undo-policy.js";
import { undoRefusalText } from "./undo-refusals.js";
import { isRulesError } from "../rules/errors.js";
import { rulesErrorText } from "./rules-refusals.js";
import { isUserFacingError, userMessageOf } from "../../../core/discord/user-facing-error.js";
import { eventLines, type EventLineOf } from "./event-lines.js";

/**
 * The words for a refusal the rules or services give as data (a code and its parameters), or
 * undefined for any other error.
 */
export function refusalText(
  error: unknown,
  lineOf: EventLineOf = eventLines(),
): string | undefined {
  if (isDiceError(error)) return diceRefusal(error);
  if (isSanLossNotationError(error)) return sanLossRefusal(error);
  if (isInvalidInputError(error)) return inputRefusal(error.problem);
  if (isNameNotFoundError(error)) return lookupRefusal(error.lookup);
  if (isUndoRefusedError(error)) return undoRefusalText(error.refusal, lineOf);
  if (isServiceRefusal(error)) return serviceRefusalText(error.refusal);
  return undefined;
}

/** Cthulhu Eternal's refusals: the coded errors above, and the rules' own (written for players). */
export function eternalRefusalText(
  error: unknown,
  lineOf: EventLineOf = eventLines(),
): string | undefined {
  return refusalText(error, lineOf) ?? (isRulesError(error) ? rulesErrorText(error) : undefined);
}

/** A request refused (a service's or a worded refusal), not a bug or the host's trouble. */
export function isRefusal(error: unknown): boolean {
  return isServiceError(error) || isUserFacingError(error);
}

/** What the player reads for an error a Cthulhu Eternal handler caught itself. */
export function eternalUserMessageOf(error: unknown): string | undefined {
  return userMessageOf(error, eternalRefusalText);
}
