import type BetterSqlite3 from "better-sqlite3";
import {
  ColumnTypeEnum,
  DriverAdapterError,
  type ArgType,
  type ColumnType,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import type { ConnectionLock } from "./lock.js";

/**
 * Prisma's driver adapter over the store's own better-sqlite3 connection, written to Prisma's
 * public driver-adapter interface (value conversions follow @prisma/adapter-better-sqlite3,
 * Apache-2.0). Owning the connection lets the store's prepared statements and Prisma's queries
 * share it without reaching into a library's private fields.
 *
 * Prisma's queries run on the connection as they come: the store issues them only inside its own
 * transactions, which hold `lock`. A transaction Prisma starts (a nested write) inside one of
 * them is a savepoint; one started while no store transaction runs (test seeding) takes the lock.
 */
export function storeAdapterFactory(
  connection: BetterSqlite3.Database,
  lock: ConnectionLock,
  /** Prisma is about to write: the read cache cannot follow its writes. */
  onWrite: () => void,
): SqlDriverAdapterFactory {
  return {
    provider: "sqlite",
    adapterName: "cthulhu-eternal-store",
    connect: () => Promise.resolve(new StoreAdapter(connection, lock, onWrite)),
  };
}

class Queryable {
  readonly provider = "sqlite";
  readonly adapterName = "cthulhu-eternal-store";

  constructor(
    protected readonly connection: BetterSqlite3.Database,
    protected readonly onWrite: () => void,
  ) {}

  #prepare(query: SqlQuery): BetterSqlite3.Statement {
    const statement = this.connection.prepare(query.sql);
    if (!statement.readonly) this.onWrite();
    return statement.bind(argsOf(query));
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    try {
      const statement = this.#prepare(query);
      if (!statement.reader) {
        statement.run();
        return Promise.resolve({ columnNames: [], columnTypes: [], rows: [] });
      }
      const columns = statement.columns();
      const rows = statement.raw().all() as unknown[][];
      const columnTypes = columnTypesOf(
        columns.map((c) => c.type),
        rows,
      );
      return Promise.resolve({
        columnNames: columns.map((c) => c.name),
        columnTypes,
        rows: rows.map((row) => mapRow(row, columnTypes)),
      });
    } catch (error) {
      throw adapterError(error);
    }
  }

  executeRaw(query: SqlQuery): Promise<number> {
    try {
      return Promise.resolve(this.#prepare(query).run().changes);
    } catch (error) {
      throw adapterError(error);
    }
  }
}

class StoreAdapter extends Queryable implements SqlDriverAdapter {
  #savepoints = 0;

  constructor(
    connection: BetterSqlite3.Database,
    private readonly lock: ConnectionLock,
    onWrite: () => void,
  ) {
    super(connection, onWrite);
  }

  executeScript(script: string): Promise<void> {
    try {
      this.connection.exec(script);
    } catch (error) {
      throw adapterError(error);
    }
    return Promise.resolve();
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
      throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
    }
    if (this.lock.held && this.connection.inTransaction) {
      const name = `prisma_${++this.#savepoints}`;
      this.#run(`SAVEPOINT ${name}`);
      return new StoreTransaction(this.connection, this.onWrite, {
        commit: () => {
          this.#run(`RELEASE ${name}`);
        },
        rollback: () => {
          this.#run(`ROLLBACK TO ${name}; RELEASE ${name}`);
        },
      });
    }
    await this.lock.acquire();
    try {
      this.#run("BEGIN IMMEDIATE");
    } catch (error) {
      this.lock.release();
      throw adapterError(error);
    }
    const end = (sql: string) => {
      try {
        this.#run(sql);
      } finally {
        this.lock.release();
      }
    };
    return new StoreTransaction(this.connection, this.onWrite, {
      commit: () => {
        end("COMMIT");
      },
      rollback: () => {
        end("ROLLBACK");
      },
    });
  }

  /** Prisma disconnecting closes the connection, as Prisma's own adapter does. */
  dispose(): Promise<void> {
    if (this.connection.open) this.connection.close();
    return Promise.resolve();
  }

  #run(sql: string): void {
    this.connection.exec(sql);
  }
}

/** Prisma asks us to commit or roll back (a "phantom" BEGIN/COMMIT: it sends neither itself). */
class StoreTransaction extends Queryable implements Transaction {
  readonly options = { usePhantomQuery: true };

  constructor(
    connection: BetterSqlite3.Database,
    onWrite: () => void,
    private readonly end: { commit(): void; rollback(): void },
  ) {
    super(connection, onWrite);
  }

  commit(): Promise<void> {
    return this.#finish("commit");
  }

  rollback(): Promise<void> {
    return this.#finish("rollback");
  }

  #finish(how: "commit" | "rollback"): Promise<void> {
    try {
      this.end[how]();
    } catch (error) {
      throw adapterError(error);
    }
    return Promise.resolve();
  }
}

function argsOf(query: SqlQuery): unknown[] {
  return query.args.map((arg, i) => mapArg(arg, query.argTypes[i]));
}

function mapArg(arg: unknown, argType: ArgType | undefined): unknown {
  if (arg === null) return null;
  const scalar = argType?.scalarType;
  if (typeof arg === "string") {
    if (scalar === "int") return Number.parseInt(arg);
    if (scalar === "float" || scalar === "decimal") return Number.parseFloat(arg);
    if (scalar === "bigint") return BigInt(arg);
    if (scalar === "datetime") return sqliteTime(new Date(arg));
    if (scalar === "bytes") return Buffer.from(arg, "base64");
  }
  if (typeof arg === "boolean") return arg ? 1 : 0;
  if (arg instanceof Date) return sqliteTime(arg);
  return arg;
}

/** A DateTime as Prisma's SQLite adapter writes it (ISO 8601, "+00:00"). */
function sqliteTime(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

function mapRow(row: readonly unknown[], types: readonly ColumnType[]): unknown[] {
  return row.map((value, i) => {
    const type = types[i];
    if (
      typeof value === "number" &&
      (type === ColumnTypeEnum.Int32 || type === ColumnTypeEnum.Int64) &&
      !Number.isInteger(value)
    ) {
      return Math.trunc(value);
    }
    if (
      (typeof value === "number" || typeof value === "bigint") &&
      type === ColumnTypeEnum.DateTime
    ) {
      return new Date(Number(value)).toISOString();
    }
    if (typeof value === "bigint") {
      const asNumber = Number(value);
      return Number.isSafeInteger(asNumber) ? asNumber : value.toString();
    }
    return value;
  });
}

const DECLARED_TYPES: Readonly<Record<string, ColumnType>> = {
  DECIMAL: ColumnTypeEnum.Numeric,
  NUMERIC: ColumnTypeEnum.Numeric,
  FLOAT: ColumnTypeEnum.Float,
  DOUBLE: ColumnTypeEnum.Double,
  "DOUBLE PRECISION": ColumnTypeEnum.Double,
  REAL: ColumnTypeEnum.Double,
  TINYINT: ColumnTypeEnum.Int32,
  SMALLINT: ColumnTypeEnum.Int32,
  MEDIUMINT: ColumnTypeEnum.Int32,
  INT: ColumnTypeEnum.Int32,
  INTEGER: ColumnTypeEnum.Int32,
  SERIAL: ColumnTypeEnum.Int32,
  INT2: ColumnTypeEnum.Int32,
  BIGINT: ColumnTypeEnum.Int64,
  "UNSIGNED BIG INT": ColumnTypeEnum.Int64,
  INT8: ColumnTypeEnum.Int64,
  DATETIME: ColumnTypeEnum.DateTime,
  TIMESTAMP: ColumnTypeEnum.DateTime,
  TIME: ColumnTypeEnum.Time,
  DATE: ColumnTypeEnum.Date,
  TEXT: ColumnTypeEnum.Text,
  CLOB: ColumnTypeEnum.Text,
  CHARACTER: ColumnTypeEnum.Text,
  VARCHAR: ColumnTypeEnum.Text,
  "VARYING CHARACTER": ColumnTypeEnum.Text,
  NCHAR: ColumnTypeEnum.Text,
  "NATIVE CHARACTER": ColumnTypeEnum.Text,
  NVARCHAR: ColumnTypeEnum.Text,
  BLOB: ColumnTypeEnum.Bytes,
  BOOLEAN: ColumnTypeEnum.Boolean,
  JSONB: ColumnTypeEnum.Json,
};

/** The declared type of each column, else the type of its first non-null value. */
function columnTypesOf(
  declared: readonly (string | null)[],
  rows: readonly unknown[][],
): ColumnType[] {
  return declared.map((name, column) => {
    const known =
      name === null ? undefined : DECLARED_TYPES[name.replace(/\(.*$/, "").trim().toUpperCase()];
    if (known !== undefined) return known;
    const sample = rows.find((row) => row[column] !== null)?.[column];
    return sample === undefined ? ColumnTypeEnum.Int32 : inferredType(sample);
  });
}

function inferredType(value: unknown): ColumnType {
  switch (typeof value) {
    case "string":
      return ColumnTypeEnum.Text;
    case "bigint":
      return ColumnTypeEnum.Int64;
    case "boolean":
      return ColumnTypeEnum.Boolean;
    case "number":
      return ColumnTypeEnum.UnknownNumber;
    default:
      if (value instanceof ArrayBuffer || value instanceof Uint8Array) return ColumnTypeEnum.Bytes;
      throw new Error(`unexpected SQLite value of type ${typeof value}`);
  }
}

/** better-sqlite3's error as Prisma's driver error (unique and foreign-key violations, busy). */
function adapterError(error: unknown): unknown {
  if (!(error instanceof Error) || !("code" in error) || typeof error.code !== "string") {
    return error;
  }
  const code = error.code;
  const message = error.message;
  const base = { originalCode: code, originalMessage: message };
  const fields = () =>
    message
      .split("constraint failed: ")
      .at(1)
      ?.split(", ")
      .map((field) => field.split(".").pop() ?? field);
  switch (code) {
    case "SQLITE_CONSTRAINT_UNIQUE":
    case "SQLITE_CONSTRAINT_PRIMARYKEY": {
      const found = fields();
      return new DriverAdapterError({
        ...base,
        kind: "UniqueConstraintViolation",
        constraint: found ? { fields: found } : undefined,
      });
    }
    case "SQLITE_CONSTRAINT_NOTNULL": {
      const found = fields();
      return new DriverAdapterError({
        ...base,
        kind: "NullConstraintViolation",
        constraint: found ? { fields: found } : undefined,
      });
    }
    case "SQLITE_CONSTRAINT_FOREIGNKEY":
    case "SQLITE_CONSTRAINT_TRIGGER":
      return new DriverAdapterError({
        ...base,
        kind: "ForeignKeyConstraintViolation",
        constraint: { foreignKey: {} },
      });
    default:
      if (code.startsWith("SQLITE_BUSY")) {
        return new DriverAdapterError({ ...base, kind: "SocketTimeout" });
      }
      // SQLITE_ERROR's code: better-sqlite3 names the code, it does not number it.
      return new DriverAdapterError({ ...base, kind: "sqlite", extendedCode: 1, message });
  }
}
