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

// `npm test` runs the three projects; `npm run test:unit` (and the others) run one.
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
        test: { name: "integration", include: INTEGRATION, exclude: NEEDS_BUILD },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: NEEDS_BUILD,
          // Builds dist/ once, so tests spawn the real entry point (dist/src/main.js).
          globalSetup: ["test/e2e/global-setup.ts"],
        },
      },
    ],
  },
});
