import { defineConfig } from "vitest/config";

/** Tests that start the built bot (`dist/src/main.js`) or read other built output. */
const NEEDS_BUILD = [
  "test/e2e/**/*.test.ts",
  "test/reliability/*.e2e.test.ts",
  "test/reliability/migration-crash.test.ts",
  "test/core/config.test.ts",
  "test/bench/**/*.test.ts",
];

/** Services and the database on real SQLite files, and our fake Discord on its own. */
const INTEGRATION = [
  "test/games/*/services/**/*.test.ts",
  "test/db/**/*.test.ts",
  "test/reliability/**/*.test.ts",
  "test/support/**/*.test.ts",
  "test/scripts/**/*.test.ts",
];

/**
 * The suites run again on PostgreSQL: the services on the one store, and PostgreSQL's own checks
 * (migrations, conflicts across processes). scripts/with-postgres.sh starts a throwaway server
 * and names it in TEST_POSTGRES_URL; without one, these are skipped, and the run says so.
 */
const ON_POSTGRES = ["test/games/*/services/**/*.test.ts", "test/db/postgres/**/*.test.ts"];
/** The built bot on PostgreSQL: every end-to-end suite but those about SQLite's file. */
const E2E_ON_POSTGRES = ["test/e2e/**/*.e2e.test.ts"];
const E2E_ON_SQLITE_ONLY = [
  "test/e2e/database-access.e2e.test.ts",
  "test/e2e/healthcheck.e2e.test.ts",
  "test/e2e/login-failure.e2e.test.ts",
  "test/e2e/npm-start.e2e.test.ts",
  "test/e2e/production-image.e2e.test.ts",
];
const postgresUrl = process.env.TEST_POSTGRES_URL;
if (postgresUrl === undefined && process.env.VITEST_POOL_ID === undefined) {
  console.warn(
    "PostgreSQL suites skipped: no PostgreSQL server here (npm test starts one when PostgreSQL is installed).",
  );
}
const postgresProjects =
  postgresUrl === undefined
    ? []
    : [
        {
          extends: true as const,
          test: {
            name: "integration-postgres",
            include: ON_POSTGRES,
            env: { TEST_DATABASE: "postgres" },
            globalSetup: ["test/support/postgres-global-setup.ts"],
          },
        },
        {
          extends: true as const,
          test: {
            name: "e2e-postgres",
            include: E2E_ON_POSTGRES,
            exclude: E2E_ON_SQLITE_ONLY,
            env: { TEST_DATABASE: "postgres" },
            globalSetup: ["test/e2e/global-setup.ts", "test/support/postgres-global-setup.ts"],
          },
        },
      ];

// `npm test` runs every project; `npm run test:unit` (and the others) run one.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...NEEDS_BUILD, ...INTEGRATION],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: INTEGRATION,
          // PostgreSQL's own checks run in integration-postgres only.
          exclude: [...NEEDS_BUILD, "test/db/postgres/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: NEEDS_BUILD,
          exclude: ["test/e2e/postgres/**"],
          // Builds dist/ once, so tests spawn the real entry point (dist/src/main.js).
          globalSetup: ["test/e2e/global-setup.ts"],
        },
      },
      ...postgresProjects,
    ],
  },
});
