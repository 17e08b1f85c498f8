import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
  },
});
