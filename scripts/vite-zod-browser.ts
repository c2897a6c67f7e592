import type { Plugin } from 'vite';

/**
 * The browser builds (page and service worker) replace zod's JSON-Schema generator (`zod/v4/core/to-json-schema.js`,
 * ~9 KB minified) with a stub. Every classic zod schema carries `.toJSONSchema()` and the Standard JSON Schema
 * methods, so the generator ships in the first load although the client never turns a schema into JSON Schema
 * (only the server does, for its routes, and the server is not built by Vite). Calling one of those methods in the
 * browser throws a clear error instead of silently misbehaving.
 *
 * The build fails when zod's module no longer exports exactly the functions below (an upgrade must look again).
 */
const TO_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;
const EXPORTS = [
  'initializeContext',
  'handleUnrepresentable',
  'processSchema',
  'process',
  'extractDefs',
  'finalize',
  'createToJSONSchemaMethod',
  'createStandardJSONSchemaMethod',
] as const;

const STUB = `const unavailable = () => {
  throw new Error('zod JSON Schema generation is not part of the browser build (scripts/vite-zod-browser.ts).');
};
${EXPORTS.filter((name) => name !== 'process' && !name.startsWith('create'))
  .map((name) => `export const ${name} = unavailable;`)
  .join('\n')}
export { processSchema as process };
export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;
`;

export function zodBrowser(): Plugin {
  return {
    name: 'zod-browser',
    enforce: 'pre',
    transform(code, id) {
      if (!TO_JSON_SCHEMA.test(id)) return null;
      const exported = [...code.matchAll(/^export (?:function|const) (\w+)/gm)].map((match) => match[1]);
      if (code.includes('export { processSchema as process }')) exported.push('process');
      const expected = [...EXPORTS].sort().join(',');
      if ([...new Set(exported)].sort().join(',') !== expected) {
        this.error(`zod-browser: ${id} exports changed (${exported.join(', ')}); update scripts/vite-zod-browser.ts`);
      }
      return { code: STUB, map: null };
    },
  };
}
