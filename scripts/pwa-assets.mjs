#!/usr/bin/env node
// Renders the PWA icons (public/icons/*.png) from the SVG logo with Chromium, and optionally the manifest
// screenshots of a running app:
//
//   node scripts/pwa-assets.mjs                     icons only
//   node scripts/pwa-assets.mjs --screenshots URL   also public/screenshots/{narrow,wide}.png of URL (a running app)
//
// The outputs are committed (public/ is copied into the build as is); run this again when the logo changes.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { root } from './build-if-stale.mjs';
import { CHROMIUM_FLAGS } from './chromium-flags.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium';

const logo = readFileSync(join(root, 'public', 'icons', 'logo.svg'), 'utf8');
const mark = logo.replace(/<rect[^>]*\/>/, ''); // the white mark without its rounded tile

/** Each icon: its file, size and the HTML that draws it edge to edge. */
const icons = [
  { file: 'icon-192.png', size: 192, html: logo },
  { file: 'icon-512.png', size: 512, html: logo },
  { file: 'apple-touch-icon.png', size: 180, html: logo.replace(/rx="112"/, 'rx="0"') },
  // Maskable: full-bleed background, the mark inside the 80 % safe zone (W3C "maskable icon" rule).
  {
    file: 'maskable-512.png',
    size: 512,
    html: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#0099ff"/><g transform="translate(76.8 76.8) scale(0.7)">${mark.replace(/^<svg[^>]*>|<\/svg>$/g, '')}</g></svg>`,
  },
  // Notification badge: a monochrome silhouette on transparent (Android tints it).
  {
    file: 'badge-72.png',
    size: 72,
    html: mark
      .replace(/fill="#0099ff"/g, 'fill="#000" opacity="0"')
      .replace(/<svg /, '<svg style="background:transparent" '),
  },
];

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const outDir = join(root, 'public', 'icons');
  mkdirSync(outDir, { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${icon.html.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: join(outDir, icon.file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }

  const at = process.argv.indexOf('--screenshots');
  if (at !== -1) {
    const url = process.argv[at + 1];
    if (!url) throw new Error('--screenshots needs the URL of a running app');
    const shotsDir = join(root, 'public', 'screenshots');
    mkdirSync(shotsDir, { recursive: true });
    for (const shot of [
      { file: 'narrow.png', width: 540, height: 1170, deviceScaleFactor: 1 },
      { file: 'wide.png', width: 1280, height: 800, deviceScaleFactor: 1 },
    ]) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: shot.deviceScaleFactor,
        locale: 'es-ES',
      });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(shotsDir, shot.file) });
      await context.close();
      console.log(`public/screenshots/${shot.file} (${shot.width}×${shot.height})`);
    }
  }
} finally {
  await browser.close();
}
