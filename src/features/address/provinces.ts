import type { SelectOption } from '../../lib/ui/Select.tsx';
import { provincesByCode } from '../../shared/validators/postcode.ts';

/** The 52 provinces (official names, the ones the server stores), in Spanish alphabetical order. */
export const provinceOptions: readonly SelectOption[] = Object.values(provincesByCode)
  .map((name) => ({ value: name, label: name }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));
