import { globalOutcomeFor } from '../../lib/api/error-catalogue.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { openDialog } from '../../lib/ui/dialog-store.ts';
import { OTP_TEXTS } from './texts.ts';

/**
 * A failure the page has no specific handling for: a modal titled 'Aviso' with the server's message (first document
 * §8 "Other: generic dialog titled 'Aviso'"). Failures the global catalogue already showed (offline, timeout, 401,
 * 404, 429, 5xx) add nothing.
 */
export async function showFailure(error: unknown): Promise<void> {
  if (isApiError(error)) {
    if (error.kind !== 'business' && globalOutcomeFor(error).kind !== 'passThrough') return;
    await openDialog({ type: 'warning', content: error.errors[0]?.message || OTP_TEXTS.unexpected });
    return;
  }
  console.error('OTP page: unexpected failure', error);
  await openDialog({ type: 'warning', content: OTP_TEXTS.unexpected });
}
