import { Prisma } from "../generated/prisma/client.js";

/*
 * Values for Json columns, as Prisma takes them. The records stored there are plain data (the
 * services' snapshots and payloads), typed by their owners, so they go in as they are.
 */

/** A nullable Json column: SQL NULL for a missing value. */
export function jsonColumn(value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull {
  if (value === undefined || value === null) return Prisma.DbNull;
  return value;
}

/** A Json column that is never SQL NULL: a missing value is stored as JSON's null. */
export function requiredJson(value: unknown): Prisma.InputJsonValue | typeof Prisma.JsonNull {
  if (value === undefined || value === null) return Prisma.JsonNull;
  return value;
}

/** Whether an error is a unique index's refusal (Prisma's P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2002";
}
