import { randomUUID } from "node:crypto";

/** Ids for rows the services create from rules results (skills, Bonds, disorders). */
export function newId(): string {
  return randomUUID();
}
