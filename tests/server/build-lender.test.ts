import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { BUILD_LENDER_FILE, checkBuildLender } from '../../src/server/plugins/static.ts';
import { SANDBOX_LENDER } from '../../src/shared/lender.ts';

/** A dist folder whose build named `lender` (or none: an older build). */
function distWith(lender: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  if (lender !== undefined) writeFileSync(join(dir, BUILD_LENDER_FILE), JSON.stringify(lender));
  return dir;
}

const appWithLog = () => {
  const warn = vi.fn();
  return { app: { log: { warn } } as unknown as FastifyInstance, warn };
};

describe('the client build names the same lender as the server', () => {
  const other = { ...SANDBOX_LENDER, legalName: 'Otra Entidad, S.A.' };

  it('accepts a build made with the same identity, silently', () => {
    const { app, warn } = appWithLog();
    checkBuildLender(app, distWith(SANDBOX_LENDER), { identity: SANDBOX_LENDER, sandbox: false });
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses to start off the sandbox with a build of another lender, or one that does not say', () => {
    const { app } = appWithLog();
    expect(() => checkBuildLender(app, distWith(other), { identity: SANDBOX_LENDER, sandbox: false })).toThrow(
      /another lender identity/,
    );
    expect(() => checkBuildLender(app, distWith(undefined), { identity: SANDBOX_LENDER, sandbox: false })).toThrow(
      /another lender identity/,
    );
  });

  it('only warns in the sandbox', () => {
    const { app, warn } = appWithLog();
    checkBuildLender(app, distWith(other), { identity: SANDBOX_LENDER, sandbox: true });
    expect(warn).toHaveBeenCalledOnce();
  });
});
