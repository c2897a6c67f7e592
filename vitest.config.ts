import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { defaultLoanFiguresDefine } from './scripts/default-loan-figures.ts';
import { lenderDefine } from './scripts/lender-identity.ts';
import { SANDBOX_LENDER } from './src/shared/lender.ts';

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) runs one file at a time on a 2-core machine, while most test
    // files spend part of their time waiting (timers, child processes, the database): two workers there took the unit
    // tests from 545 to 404 s and the server tests from about 480 to 398 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        // The unit tests read the sandbox's lender whatever LENDER_FILE says.
        define: { ...defaultLoanFiguresDefine(), ...lenderDefine(SANDBOX_LENDER) },
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
