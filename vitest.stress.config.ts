import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * `npm run test:stress`: the reliability tests with STRESS=1, which sizes their runs for
 * finding rare failures instead of for CI (1,500 fuzzed interactions instead of 60).
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/reliability/**/*.test.ts"],
    env: { STRESS: "1" },
    testTimeout: 600_000,
  },
});
