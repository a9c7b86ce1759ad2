import type { MissingThing, ServiceRefusal } from "./refusals.js";

/**
 * Errors the services throw for anything a user asked that cannot be done, as data: `kind` lets
 * callers and tests tell them apart; the words are presentation's.
 */
export type ServiceErrorKind = "not-found" | "forbidden" | "invalid" | "conflict";

export class ServiceError extends Error {
  override name = "ServiceError";
  constructor(
    readonly kind: ServiceErrorKind,
    /** For logs and programmers; never shown to players. */
    detail: string,
  ) {
    super(detail);
  }
}

/** A refusal with its reason as a code (`presentation/service-refusals.ts` words it). */
export class ServiceRefusalError extends ServiceError {
  override name = "ServiceRefusalError";
  constructor(
    kind: ServiceErrorKind,
    readonly refusal: ServiceRefusal,
  ) {
    super(kind, `refused: ${refusal.code}`);
  }
}

export const notFound = (thing: MissingThing, id?: number): ServiceRefusalError =>
  new ServiceRefusalError("not-found", { code: "not-found", thing, ...(id ? { id } : {}) });

export const forbidden = (refusal: ServiceRefusal): ServiceRefusalError =>
  new ServiceRefusalError("forbidden", refusal);

export const invalid = (refusal: ServiceRefusal): ServiceRefusalError =>
  new ServiceRefusalError("invalid", refusal);

export const conflict = (refusal: ServiceRefusal): ServiceRefusalError =>
  new ServiceRefusalError("conflict", refusal);

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

export function isServiceRefusal(error: unknown): error is ServiceRefusalError {
  return error instanceof ServiceRefusalError;
}

/** What was wrong with one value of a request, as data: the words are the bot's. */
export type InputIssue =
  | { readonly kind: "missing" }
  | { readonly kind: "not-a-number" }
  | { readonly kind: "not-whole" }
  | { readonly kind: "not-text" }
  | { readonly kind: "too-small"; readonly minimum: number }
  | { readonly kind: "too-big"; readonly maximum: number }
  | { readonly kind: "empty" }
  | { readonly kind: "too-long"; readonly maximum: number }
  | { readonly kind: "too-many"; readonly maximum: number }
  | { readonly kind: "control-characters" }
  | { readonly kind: "not-one-of"; readonly allowed: readonly string[] }
  /** Neither points in the range nor dice (`onlyDice`, when given, is the one dice allowed). */
  | {
      readonly kind: "points-or-dice";
      readonly minimum: number;
      readonly maximum: number;
      readonly onlyDice?: string;
    }
  | { readonly kind: "invalid" };

export interface InputProblem {
  /** The value's name in the request, without list positions: "amount", "contributors.protagonistId". */
  readonly field: string;
  readonly issue: InputIssue;
}

/** A request value the service cannot use (a typed option out of range, a stale id…). */
export class InvalidInputError extends ServiceError {
  override name = "InvalidInputError";
  constructor(readonly problem: InputProblem) {
    super("invalid", `invalid input: ${problem.field} (${problem.issue.kind})`);
  }
}

export const invalidInput = (field: string, issue: InputIssue): InvalidInputError =>
  new InvalidInputError({ field, issue });

export function isInvalidInputError(error: unknown): error is InvalidInputError {
  return error instanceof InvalidInputError;
}

/** What a lookup by name was for. */
export type LookupKind = "skill" | "bond" | "protagonist" | "campaign";

export interface FailedLookup {
  readonly kind: LookupKind;
  /** What the player typed; null when it was an id (nothing worth echoing). */
  readonly typed: string | null;
  /** Whose skill or Bond, or which campaign's Protagonist; null when there is none to name. */
  readonly owner: string | null;
  /** The closest names there are, closest first (at most three; maybe none). */
  readonly suggestions: readonly string[];
}

/** A name (or id) that matched nothing, with the names the player most likely meant. */
export class NameNotFoundError extends ServiceError {
  override name = "NameNotFoundError";
  constructor(readonly lookup: FailedLookup) {
    super("not-found", `not found: ${lookup.kind} ${JSON.stringify(lookup.typed)}`);
  }
}

export function isNameNotFoundError(error: unknown): error is NameNotFoundError {
  return error instanceof NameNotFoundError;
}
