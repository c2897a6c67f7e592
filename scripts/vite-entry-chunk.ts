import type { Plugin } from 'vite';

/**
 * One chunk for the first page load. Rolldown puts every module that the entry shares with a lazily loaded page
 * into a chunk of its own, which turned the first load into ~20 small files (each a request, and under mobile
 * throttling a round trip: Lighthouse's FCP suffered). This plugin collects, once the module graph is known, every
 * module the entry reaches through STATIC imports; `entryChunkGroup()` gives Rolldown a code-splitting group that
 * captures exactly those. What pages import lazily stays lazy; what the first render needs arrives as one file.
 */
export function entryChunk(): {
  plugin: Plugin;
  group: { name: string; priority: number; test: (id: string) => boolean };
} {
  const initial = new Set<string>();
  const plugin: Plugin = {
    name: 'entry-chunk',
    apply: 'build',
    buildEnd() {
      initial.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const stack = [...entries];
      while (stack.length > 0) {
        const id = stack.pop() as string;
        if (initial.has(id)) continue;
        initial.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) stack.push(imported);
      }
    },
  };
  return { plugin, group: { name: 'app', priority: 10, test: (id: string) => initial.has(id) } };
}
