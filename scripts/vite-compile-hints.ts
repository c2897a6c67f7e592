import type { Plugin } from 'vite';

/**
 * V8's file-level compile hint (Chrome 136+; other engines read a comment): every function of the file is compiled
 * eagerly, on a background thread while the file streams in, instead of lazily on the main thread at its first call.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the named chunks with `COMPILE_HINT` on their first line: the first-load chunk (scripts/vite-entry-chunk.ts)
 * holds what the first render runs (React's DOM renderer, the router, the shell and the pre-rendered pages it
 * hydrates), so nearly all of its functions are called at start-up; compiled lazily they cost a first visit of `/`
 * ~55 ms of main-thread compiling, spread over the hydration's tasks. Other chunks keep V8's default (most of their
 * functions wait for an action).
 *
 * Done on the finished bundle, because the minifier drops comments: the chunk gains one line, and its source map
 * (the chunk's and the emitted `.map` file) one empty line of mappings in front, so every position still maps.
 */
export function compileHints({ chunks }: { chunks: readonly string[] }): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !chunks.includes(output.name)) continue;
          if (output.code.startsWith(COMPILE_HINT)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
          const mapFile = bundle[`${output.fileName}.map`];
          if (mapFile?.type === 'asset') {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapFile.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
