import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure shared rules and engine (node), server integration against a real PostgreSQL
// (node, one migrated template database cloned per test file), and PWA components (jsdom).
// Timeouts only catch hangs: on two shared cores a heavy test takes several times its quiet-machine
// time, and speed is measured by the benchmarks, never by a test's time limit.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/app/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
