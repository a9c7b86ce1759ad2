/**
 * Two schemas, one model: Prisma allows one provider per schema, so SQLite and PostgreSQL each
 * have their schema file; their models must be the same, letter for letter (fields, types,
 * defaults, ids, uniques, indexes, relations and their actions). The drift tests then hold each
 * engine's migrations to its schema.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePrismaSchema } from "../support/prisma-schema.js";

const read = (path: string) => readFileSync(resolve(import.meta.dirname, "../../", path), "utf8");
const SQLITE = read("prisma/schema.prisma");
const POSTGRES = read("prisma/postgres/schema.prisma");

/** The models' text, without comments, blank lines or the blocks that name the engine. */
function modelsOf(schema: string): string {
  return schema
    .replace(/^(generator|datasource)\s+\w+\s*\{[\s\S]*?\n\}/gm, "")
    .split("\n")
    .filter((line) => !/^\s*\/\/(?!\/)/.test(line) && line.trim() !== "")
    .join("\n");
}

describe("the SQLite and PostgreSQL schemas", () => {
  it("hold the same models, letter for letter", () => {
    expect(modelsOf(POSTGRES)).toBe(modelsOf(SQLITE));
    expect(parsePrismaSchema(POSTGRES)).toEqual(parsePrismaSchema(SQLITE));
  });

  it("differ only in the engine each names, and each client's folder", () => {
    expect(SQLITE).toMatch(/provider = "sqlite"/);
    expect(POSTGRES).toMatch(/provider = "postgresql"/);
    expect(POSTGRES).toMatch(/output\s+= "..\/..\/src\/generated\/prisma-postgres"/);
  });

  it("notices a field that differs", () => {
    const changed = POSTGRES.replace('notes               String   @default("")', "notes String");
    expect(changed).not.toBe(POSTGRES);
    expect(modelsOf(changed)).not.toBe(modelsOf(SQLITE));
  });
});
