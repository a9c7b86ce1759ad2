/**
 * A small reader of our own schema.prisma (models, scalar fields, ids, uniques, indexes and
 * relations) for the drift test. It covers the attributes this project uses, not all of Prisma.
 */
export interface SchemaField {
  name: string;
  type: string;
  optional: boolean;
  list: boolean;
  id: boolean;
  unique: boolean;
  autoincrement: boolean;
  relation?: { fields: string[]; references: string[]; onDelete?: string };
}

export interface SchemaModel {
  name: string;
  fields: SchemaField[];
  primaryKey: string[];
  uniques: string[][];
  indexes: string[][];
}

const SCALARS = new Set(["String", "Int", "Boolean", "DateTime", "Json", "Float", "BigInt"]);

function listArg(text: string, key: string): string[] | undefined {
  const match = new RegExp(`${key}:\\s*\\[([^\\]]*)\\]`).exec(text);
  return match?.[1]
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parsePrismaSchema(source: string): SchemaModel[] {
  const models: SchemaModel[] = [];
  const modelRe = /model\s+(\w+)\s*\{([\s\S]*?)\n\}/g;
  for (const [, name, body] of source.matchAll(modelRe)) {
    if (!name || body === undefined) continue;
    const model: SchemaModel = { name, fields: [], primaryKey: [], uniques: [], indexes: [] };
    for (const rawLine of body.split("\n")) {
      const line = rawLine.replace(/\/\/.*$/, "").trim();
      if (!line) continue;
      if (line.startsWith("@@")) {
        const fields =
          /\[([^\]]*)\]/
            .exec(line)?.[1]
            ?.split(",")
            .map((s) => s.trim()) ?? [];
        if (line.startsWith("@@id")) model.primaryKey = fields;
        else if (line.startsWith("@@unique")) model.uniques.push(fields);
        else if (line.startsWith("@@index")) model.indexes.push(fields);
        continue;
      }
      const fieldMatch = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
      if (!fieldMatch) continue;
      const [, fieldName, type, list, optional, attributes = ""] = fieldMatch;
      if (!fieldName || !type) continue;
      const field: SchemaField = {
        name: fieldName,
        type,
        optional: optional === "?",
        list: list === "[]",
        id: /@id\b/.test(attributes),
        unique: /@unique\b/.test(attributes),
        autoincrement: /autoincrement\(\)/.test(attributes),
      };
      const relation = /@relation\(([^)]*)\)/.exec(attributes)?.[1];
      const relFields = relation ? listArg(relation, "fields") : undefined;
      if (relation && relFields) {
        field.relation = {
          fields: relFields,
          references: listArg(relation, "references") ?? [],
          ...(/onDelete:\s*(\w+)/.exec(relation)?.[1]
            ? { onDelete: /onDelete:\s*(\w+)/.exec(relation)?.[1] }
            : {}),
        };
      }
      if (field.id) model.primaryKey = [field.name];
      if (field.unique) model.uniques.push([field.name]);
      model.fields.push(field);
    }
    models.push(model);
  }
  return models;
}

export function isScalar(field: SchemaField): boolean {
  return SCALARS.has(field.type) && !field.list;
}

/** The ON DELETE action a relation field's foreign key must have, in SQL's words. */
export function expectedOnDelete(model: SchemaModel, fieldName: string): string {
  const field = model.fields.find((f) => f.name === fieldName);
  const explicit = field?.relation?.onDelete;
  if (explicit) {
    return (
      { Cascade: "CASCADE", SetNull: "SET NULL", Restrict: "RESTRICT", NoAction: "NO ACTION" }[
        explicit
      ] ?? explicit
    );
  }
  const scalar = model.fields.find((f) => f.name === field?.relation?.fields[0]);
  return scalar?.optional ? "SET NULL" : "RESTRICT";
}

/**
 * What a model's indexes (besides its primary key) lack or have too many of, against the
 * schema's uniques and indexes: empty when they match.
 */
export function indexProblems(
  model: SchemaModel,
  indexes: readonly { columns: readonly string[]; unique: boolean }[],
): string[] {
  const has = (unique: boolean, columns: readonly string[]) =>
    indexes.some((i) => i.unique === unique && i.columns.join() === columns.join());
  return [
    ...model.uniques.filter((u) => !has(true, u)).map((u) => `missing unique ${u.join()}`),
    ...model.indexes.filter((i) => !has(false, i)).map((i) => `missing index ${i.join()}`),
    ...(indexes.length !== model.uniques.length + model.indexes.length
      ? [
          `${indexes.length} indexes for ${model.uniques.length + model.indexes.length} in the schema`,
        ]
      : []),
  ];
}
