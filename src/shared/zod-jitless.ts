import { z } from 'zod';

/**
 * Import FIRST in browser entry points (the page and the service worker). zod 4 compiles object parsers with
 * `new Function` unless told not to; our Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids that,
 * and its probe alone is reported as a CSP violation (Lighthouse best practices). The probe runs when an object
 * schema is created, so this must be evaluated before any module that defines one.
 */
z.config({ jitless: true });
