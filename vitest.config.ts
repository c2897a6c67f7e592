import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { defaultLoanFiguresDefine } from './scripts/default-loan-figures.ts';
import { lenderDefine } from './scripts/lender-identity.ts';
import { SANDBOX_LENDER } from './src/shared/lender.ts';

export default defineConfig({
  test: {
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
