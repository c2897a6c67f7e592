import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The payment pages are their own lazy chunks: the shell never imports them statically. */

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]*features\/payment\/[^'"]*)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]*features\/payment\/[^'"]*)['"]\s*\)/g;

describe('payment route chunk', () => {
  it('no file of the shell (src/app, src/main.tsx) imports the payment feature statically', () => {
    const shell = [...files('src/app'), 'src/main.tsx'];
    const offenders = shell.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((match) => `${file}: ${match[1]}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the routes payment and paymentSuccess load their page on demand', () => {
    const source = readFileSync('src/app/route-pages.ts', 'utf8');
    expect([...source.matchAll(DYNAMIC_IMPORT)].map((match) => match[1])).toEqual([
      '../features/payment/PaymentPage.tsx',
      '../features/payment/PaymentSuccessPage.tsx',
    ]);
    expect(source).toMatch(/payment: \(\) => import\('\.\.\/features\/payment\/PaymentPage\.tsx'\)/);
    expect(source).toMatch(/paymentSuccess: \(\) => import\('\.\.\/features\/payment\/PaymentSuccessPage\.tsx'\)/);
  });
});

describe('route wiring (src/app/route-pages.ts)', () => {
  it.each(['payment', 'paymentSuccess'] as const)('%s has its own page, not the upcoming notice', async (key) => {
    const { hasOwnPage, preloadPage } = await import('../../../../src/app/route-pages.ts');
    expect(hasOwnPage(key)).toBe(true);
    await expect(preloadPage(key)).resolves.toBeUndefined();
  });
});
