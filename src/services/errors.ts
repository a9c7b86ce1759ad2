/**
 * Errors the services throw for anything a user asked that cannot be done. `userMessage` is
 * shown to the user as it is (ephemerally); `kind` lets callers and tests tell them apart.
 */
export type ServiceErrorKind = "not-found" | "forbidden" | "invalid" | "conflict";

export class ServiceError extends Error {
  override name = "ServiceError";
  constructor(
    readonly kind: ServiceErrorKind,
    readonly userMessage: string,
  ) {
    super(userMessage);
  }
}

export const notFound = (what: string): ServiceError =>
  new ServiceError("not-found", `${what} was not found in this server.`);

export const forbidden = (message: string): ServiceError => new ServiceError("forbidden", message);

export const invalid = (message: string): ServiceError => new ServiceError("invalid", message);

export const conflict = (message: string): ServiceError => new ServiceError("conflict", message);

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
