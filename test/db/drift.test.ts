import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type BetterSqlite3 from "better-sqlite3";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { applyMigrations } from "../../src/core/db/migrate.js";
import {
  expectedOnDelete,
  indexProblems,
  isScalar,
  parsePrismaSchema,
} from "../support/prisma-schema.js";
import { MIGRATIONS_DIR } from "../support/temp-db.js";

/**
 * Drift test: the database our hand-written migrations produce must match schema.prisma — every
 * model, field (compatible type, nullability), primary key, unique constraint, index and relation.
 */
const SQLITE_TYPE: Record<string, string> = {
  String: "TEXT",
  Int: "INTEGER",
  Boolean: "BOOLEAN",
  DateTime: "DATETIME",
  Json: "JSONB",
  Float: "REAL",
  BigInt: "BIGINT",
};

interface Column {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}
interface IndexInfo {
  name: string;
  unique: number;
  origin: string;
}
interface ForeignKey {
  table: string;
  from: string;
  to: string;
  on_delete: string;
  id: number;
}

const models = parsePrismaSchema(
  readFileSync(resolve(import.meta.dirname, "../../prisma/schema.prisma"), "utf8"),
);
let dir: string;
let db: BetterSqlite3.Database;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ce-drift-"));
  db = new Database(join(dir, "drift.db"));
  applyMigrations(db, MIGRATIONS_DIR);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function indexesOf(table: string): { columns: string[]; unique: boolean; origin: string }[] {
  const list = db.prepare(`PRAGMA index_list("${table}")`).all() as IndexInfo[];
  return list.map((index) => ({
    columns: (db.prepare(`PRAGMA index_info("${index.name}")`).all() as { name: string }[]).map(
      (c) => c.name,
    ),
    unique: index.unique === 1,
    origin: index.origin,
  }));
}

describe("schema drift", () => {
  it("the schema parser found the models", () => {
    expect(models.map((m) => m.name)).toContain("Protagonist");
    expect(models.length).toBeGreaterThanOrEqual(10);
  });

  it("the database has exactly the schema's tables", () => {
    const tables = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    expect(tables.sort()).toEqual(models.map((m) => m.name).sort());
  });

  for (const model of models) {
    describe(model.name, () => {
      it("has every scalar field with a compatible type and nullability, and no others", () => {
        const columns = db.prepare(`PRAGMA table_info("${model.name}")`).all() as Column[];
        const scalars = model.fields.filter(isScalar);
        expect(columns.map((c) => c.name).sort()).toEqual(scalars.map((f) => f.name).sort());
        for (const field of scalars) {
          const column = columns.find((c) => c.name === field.name);
          expect(column?.type, `${model.name}.${field.name}`).toBe(SQLITE_TYPE[field.type]);
          const required = !field.optional;
          // A SQLite INTEGER PRIMARY KEY may report notnull 0; the schema requires it anyway.
          if (!(column?.pk && field.type === "Int")) {
            expect(column?.notnull === 1, `${model.name}.${field.name} NOT NULL`).toBe(required);
          }
        }
      });

      it("has the primary key", () => {
        const columns = db.prepare(`PRAGMA table_info("${model.name}")`).all() as Column[];
        const pk = columns
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name);
        expect(pk).toEqual(model.primaryKey);
      });

      it("has every unique constraint and index", () => {
        const indexes = indexesOf(model.name).filter((i) => i.origin !== "pk");
        expect(indexProblems(model, indexes)).toEqual([]);
      });

      it("has every relation as a foreign key with the right action", () => {
        const fks = db.prepare(`PRAGMA foreign_key_list("${model.name}")`).all() as ForeignKey[];
        const relations = model.fields.filter((f) => f.relation);
        expect(fks.length).toBe(relations.length);
        for (const field of relations) {
          const relation = field.relation;
          if (!relation) continue;
          const fk = fks.find((k) => k.from === relation.fields[0] && k.table === field.type);
          expect(fk, `${model.name}.${field.name} → ${field.type}`).toBeDefined();
          expect(fk?.to).toBe(relation.references[0]);
          expect(fk?.on_delete).toBe(expectedOnDelete(model, field.name));
        }
      });
    });
  }
});
