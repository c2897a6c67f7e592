import type { Plugin } from 'vite';

/**
 * The browser builds (page and service worker) replace zod's JSON-Schema generator (`zod/v4/core/to-json-schema.js`,
 * ~9 KB minified) and its per-type processors (`zod/v4/core/json-schema-processors.js`, another ~9 KB) with stubs.
 * Every classic zod schema carries `.toJSONSchema()` and the Standard JSON Schema methods, so both ship in the first
 * load although the client never turns a schema into JSON Schema (only the server does, for its routes, and the
 * server is not built by Vite). Calling one of those methods in the browser throws a clear error instead of silently
 * misbehaving. The processors module keeps its head, `aggregateChecks` (what `.minLength`, `.format` and the like
 * read); only the processors after it go.
 *
 * The build fails when zod's modules no longer have the shape assumed here (an upgrade must look again).
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

const PROCESSORS = /[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/;
/** Where the processors begin: everything above it is `aggregateChecks` and its helpers. */
const PROCESSORS_START = '\nconst formatMap = {';

const exportedNames = (code: string): string[] =>
  [...code.matchAll(/^export (?:function|const) (\w+)/gm)].map((match) => match[1]!);

/**
 * json-schema-processors.js with its head (imports, `aggregateChecks`) kept and every later export replaced by the
 * throwing stub; an error with the reason when the module is not the shape this relies on.
 */
export function stubProcessors(code: string): { code: string } | { error: string } {
  const start = code.indexOf(PROCESSORS_START);
  if (start < 0) return { error: `no '${PROCESSORS_START.trim()}' to cut at` };
  const head = code.slice(0, start);
  const headExports = exportedNames(head);
  if (headExports.join(',') !== 'aggregateChecks') {
    return { error: `the kept head exports ${headExports.join(', ') || 'nothing'}, not just aggregateChecks` };
  }
  const stubbed = exportedNames(code.slice(start));
  if (!stubbed.includes('stringProcessor') || !stubbed.includes('toJSONSchema')) {
    return { error: 'the processors are not where they used to be' };
  }
  return {
    code: `${head}
const unavailable = () => {
  throw new Error('zod JSON Schema generation is not part of the browser build (scripts/vite-zod-browser.ts).');
};
${stubbed.map((name) => `export const ${name} = unavailable;`).join('\n')}
`,
  };
}

export function zodBrowser(): Plugin {
  return {
    name: 'zod-browser',
    enforce: 'pre',
    transform(code, id) {
      if (PROCESSORS.test(id)) {
        const stubbed = stubProcessors(code);
        if ('error' in stubbed) this.error(`zod-browser: ${id}: ${stubbed.error}; update scripts/vite-zod-browser.ts`);
        return { code: stubbed.code, map: null };
      }
      if (!TO_JSON_SCHEMA.test(id)) return null;
      const exported = exportedNames(code);
      if (code.includes('export { processSchema as process }')) exported.push('process');
      const expected = [...EXPORTS].sort().join(',');
      if ([...new Set(exported)].sort().join(',') !== expected) {
        this.error(`zod-browser: ${id} exports changed (${exported.join(', ')}); update scripts/vite-zod-browser.ts`);
      }
      return { code: STUB, map: null };
    },
  };
}
