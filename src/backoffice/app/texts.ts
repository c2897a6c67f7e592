/** The back office's shell texts (docs/backoffice.md §6: one catalogue per part, peninsular Spanish, `tú`). */
export const SHELL_TEXTS = {
  skipToContent: 'Saltar al contenido',
  header: (brand: string) => `Back office · ${brand}`,
} as const;
