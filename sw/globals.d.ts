/// <reference lib="webworker" />

/** The build version, baked in by Vite's `define` (vite.config.ts), the same as the page's and dist/version.json's. */
declare const __APP_VERSION__: string;
