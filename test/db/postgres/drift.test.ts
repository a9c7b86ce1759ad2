/**
 * PostgreSQL's drift test: the database its hand-written migrations produce matches the schema
 * (prisma/postgres/schema.prisma): every model, column (type, nullability), primary key, unique
 * constraint, index and foreign key with its action. Runs on the suites' PostgreSQL server.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPostgresMigrations } from "../../../src/core/db/postgres-migrate.js";
import {
  expectedOnDelete,
  indexProblems,
  isScalar,
  parsePrismaSchema,
} from "../../support/prisma-schema.js";
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testPostgresUrl,
} from "../../support/postgres.js";
import { POSTGRES_MIGRATIONS_DIR } from "../../support/temp-db.js";

const POSTGRES_TYPE: Record<string, string> = {
  String: "text",
  Int: "integer",
  Boolean: "boolean",
  DateTime: "timestamp without time zone",
  Json: "jsonb",
  Float: "double precision",
  BigInt: "bigint",
};

const models = parsePrismaSchema(
  readFileSync(resolve(import.meta.dirname, "../../../prisma/postgres/schema.prisma"), "utf8"),
);
const server = testPostgresUrl() ?? "";
let name: string;
let client: pg.Client;

beforeAll(async () => {
  name = await createDatabase(server);
  client = new pg.Client({ connectionString: databaseUrl(server, name) });
  await client.connect();
  const report = await applyPostgresMigrations(client, POSTGRES_MIGRATIONS_DIR);
  expect(report.applied.length).toBeGreaterThan(0);
});
afterAll(async () => {
  await client.end();
  await dropDatabase(server, name);
});

async function rows<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  return (await client.query<T>(sql, params)).rows;
}

/** Each index of a table: its columns in order, unique or not, and whether it is the key. */
async function indexesOf(table: string) {
  const list = await rows<{ name: string; unique: boolean; primary: boolean; columns: string[] }>(
    `SELECT i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary,
        array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
              JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
       FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
      WHERE t.relname = $1`,
    [table],
  );
  return list;
}

describe("PostgreSQL schema drift", () => {
  it("records the migrations as Prisma does, and applies none twice", async () => {
    const recorded = await rows<{ migration_name: string; finished_at: Date | null }>(
      `SELECT migration_name, finished_at FROM "_prisma_migrations"`,
    );
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((r) => r.finished_at !== null)).toBe(true);
    const again = await applyPostgresMigrations(client, POSTGRES_MIGRATIONS_DIR);
    expect(again.applied).toEqual([]);
  });

  it("has exactly the schema's tables", async () => {
    const tables = await rows<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    );
    expect(tables.map((t) => t.table_name).sort()).toEqual(models.map((m) => m.name).sort());
  });

  for (const model of models) {
    describe(model.name, () => {
      it("has every scalar field with its type and nullability, and no others", async () => {
        const columns = await rows<{ column_name: string; data_type: string; is_nullable: string }>(
          `SELECT column_name, data_type, is_nullable FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = $1`,
          [model.name],
        );
        const scalars = model.fields.filter(isScalar);
        expect(columns.map((c) => c.column_name).sort()).toEqual(scalars.map((f) => f.name).sort());
        for (const field of scalars) {
          const column = columns.find((c) => c.column_name === field.name);
          expect(column?.data_type, `${model.name}.${field.name}`).toBe(POSTGRES_TYPE[field.type]);
          expect(column?.is_nullable === "NO", `${model.name}.${field.name} NOT NULL`).toBe(
            !field.optional,
          );
        }
      });

      it("has the primary key, every unique constraint and every index", async () => {
        const indexes = await indexesOf(model.name);
        expect(indexes.find((i) => i.primary)?.columns).toEqual(model.primaryKey);
        expect(
          indexProblems(
            model,
            indexes.filter((i) => !i.primary),
          ),
        ).toEqual([]);
      });

      it("has every relation as a foreign key with the right action", async () => {
        const keys = await rows<{ column: string; target: string; to: string; on_delete: string }>(
          `SELECT kcu.column_name AS column, ccu.table_name AS target, ccu.column_name AS to,
                  rc.delete_rule AS on_delete
             FROM information_schema.referential_constraints rc
             JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name
             JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.constraint_name
            WHERE kcu.table_name = $1`,
          [model.name],
        );
        const relations = model.fields.filter((f) => f.relation);
        expect(keys.length).toBe(relations.length);
        for (const field of relations) {
          const relation = field.relation;
          if (!relation) continue;
          const key = keys.find((k) => k.column === relation.fields[0] && k.target === field.type);
          expect(key, `${model.name}.${field.name} → ${field.type}`).toBeDefined();
          expect(key?.to).toBe(relation.references[0]);
          expect(key?.on_delete).toBe(expectedOnDelete(model, field.name));
        }
      });
    });
  }
});
