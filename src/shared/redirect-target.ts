import { matchRoute } from './routes/paths.ts';
import { routes } from './routes/table.ts';

/** Control characters (the URL parser drops tabs and newlines, so `/\t/evil.example` would become `//evil…`). */
const hasControlCharacter = (text: string): boolean =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

/**
 * The page to open after login from the `redirectTo` query (login page and access guard alike), or undefined when it must be ignored (open-redirect
 * protection): only an absolute path of this app is accepted — never an absolute URL, a protocol-relative `//host`,
 * a backslash form (`/\host`, which browsers read as `//host`), control characters, or a page a logged-in customer
 * cannot open anyway (login, register, forgot/reset PIN, the legacy login redirect) or that does not exist.
 */
export function safeRedirectPath(raw: string | null | undefined, origin: string): string | undefined {
  if (raw === null || raw === undefined) return undefined;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value))
    return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const route = routes[matchRoute(url.pathname).key];
  if (route.kind !== 'page' || route.anonymousOnly) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
