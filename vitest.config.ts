import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{runtime,plugins,designer,schemas,src}/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits 1 s by default: a slow machine running two files at a time was seen to need longer
          // for a page to show what a test waits for. A poll that succeeds returns at once, so only failures wait.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time (each its own server on a free port and its own Chromium): one at a time left a
          // third of two cores idle while pages loaded; two take 15 minutes instead of 20.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
