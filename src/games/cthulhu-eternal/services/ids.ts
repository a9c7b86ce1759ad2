import { randomUUID } from "node:crypto";

/** Ids for rows the services create from rules results (skills, Bonds, disorders). */
export function newId(): string {
  return randomUUID();
}

/** The shapes of the ids the bot makes: UUIDs (newId) and Prisma's cuids (`c` + 24 letters and digits). */
const ID_SHAPE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|c[0-9a-z]{24})$/i;

/** Whether a value reads as one of our ids rather than as a name someone typed. */
export function looksLikeId(value: string): boolean {
  return ID_SHAPE.test(value.trim());
}
