import { defineConfig } from "vitest/config";

/**
 * `npm run test:stress`: the reliability tests with STRESS=1, which sizes their runs for
 * finding rare failures instead of for CI (1,500 fuzzed interactions instead of 60).
 */
export default defineConfig({
  test: {
    include: ["test/reliability/**/*.test.ts"],
    // Some of them start the built bot.
    globalSetup: ["test/e2e/global-setup.ts"],
    env: { STRESS: "1" },
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
