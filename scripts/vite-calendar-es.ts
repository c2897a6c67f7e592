import type { Plugin } from 'vite';

/**
 * React Aria's Calendar for a Spanish-only app, the way React Aria's own optimize-locales plugin trims a build (that
 * plugin is not a dependency here): in the browser builds
 *
 * - the calendar's screen-reader strings (`react-aria/…/calendar/intlStrings`) keep es-ES only, instead of 34
 *   locales: `DateCalendar.tsx` always renders the calendar inside `<I18nProvider locale="es-ES">`;
 * - `@internationalized/date`'s `createCalendar` gives the Gregorian calendar only, instead of importing the Buddhist,
 *   Ethiopic, Hebrew, Indian, Islamic, Japanese, Persian and Taiwanese ones: es-ES resolves to 'gregory', and a
 *   customer's browser set to another calendar still gets the Gregorian one (the dates the product works with).
 *
 * Together about 10 kB gzip off the routes with a date picker. The build fails when either module no longer has the
 * shape assumed here (an upgrade must look again).
 */
const CALENDAR_STRINGS = /[\\/]react-aria[\\/]dist[\\/]private[\\/]calendar[\\/]intlStrings\.m?js$/;
const ES_STRINGS_IMPORT = /^import (\S+) from "(\.\.\/intl\/calendar\/es-ES\.m?js)";$/m;

const CREATE_CALENDAR = /[\\/]@internationalized[\\/]date[\\/]dist[\\/]private[\\/]createCalendar\.m?js$/;
const GREGORIAN_IMPORT = /^import \{GregorianCalendar as (\S+)\} from "(\.\/calendars\/GregorianCalendar\.m?js)";$/m;

export function calendarStringsEsOnly(code: string): { code: string } | { error: string } {
  const spanish = ES_STRINGS_IMPORT.exec(code);
  if (!spanish || !code.includes(`"es-ES": ${spanish[1]}`)) return { error: 'no es-ES strings imported by name' };
  return { code: `import es from ${JSON.stringify(spanish[2])};\nexport default { 'es-ES': es };\n` };
}

export function gregorianOnly(code: string): { code: string } | { error: string } {
  const gregorian = GREGORIAN_IMPORT.exec(code);
  if (!gregorian || !/export \{\S+ as createCalendar\};/.test(code))
    return { error: 'not the expected createCalendar' };
  return {
    code: `import { GregorianCalendar } from ${JSON.stringify(gregorian[2])};\nexport function createCalendar() {\n  return new GregorianCalendar();\n}\n`,
  };
}

export function calendarEs(): Plugin {
  return {
    name: 'calendar-es',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const trim = CALENDAR_STRINGS.test(id) ? calendarStringsEsOnly : CREATE_CALENDAR.test(id) ? gregorianOnly : null;
      if (!trim) return null;
      const trimmed = trim(code);
      if ('error' in trimmed) this.error(`calendar-es: ${id}: ${trimmed.error}; update scripts/vite-calendar-es.ts`);
      return { code: trimmed.code, map: null };
    },
  };
}
