import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      // The AWS hosting as code: the CloudFront function on sample requests, the stack synthesized locally.
      { test: { name: "infra", include: ["infra/test/**/*.test.ts"], testTimeout: 30_000 } },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores and Chromium is hungry.
          fileParallelism: false,
        },
      },
    ],
  },
});
