import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { defaultLoanFiguresDefine } from './scripts/default-loan-figures.ts';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        define: defaultLoanFiguresDefine(),
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
