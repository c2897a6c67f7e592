// Flags for Debian's Chromium on this kind of machine (root in a container, no GPU, no background traffic: the
// machine's closed network refuses Google's hosts, and background requests would skew measured bytes). Used by the
// browser tests (tests/e2e/chromium.ts), the bench and scripts/pwa-assets.mjs.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
