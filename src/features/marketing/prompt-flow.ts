import { marketingPromptAtom } from '../../lib/storage/atoms.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import { openDialog } from '../../lib/ui/dialog-store.ts';
import { showToast } from '../../lib/ui/toast-store.ts';
import type { CommunicationPermissions } from '../../shared/api/communication.ts';
import { TTL } from '../../shared/constants.ts';
import { MARKETING_TEXTS } from '../../shared/messages.ts';
import { SUCCESS_TOASTS } from '../../shared/messages-loan.ts';
import { customerPermissions } from '../../lib/api/calls/check-permissions.ts';
import { updateCommunicationPermissions } from '../../lib/api/calls/update-communication-permissions.ts';
import { MARKETING_PROMPT_TEXTS } from './texts.ts';

/**
 * The prompt itself (loaded only for customers who may see it): ask the server for the customer's permissions and
 * the date of their last choice. Nothing is asked when they already accept every channel, when their permissions
 * cannot be read, or when they chose within 7 days anywhere — sign-up, this prompt on another device, /account, the
 * loan request's box, an unsubscribe link (a choice is respected on every device, and what the customer
 * just set is never asked again). Otherwise record locally that it was shown (so no other tab shows it meanwhile) and
 * ask. The answer is the customer's choice, stored on the server with its date: 'Sí' allows email, SMS and calls;
 * 'Ahora no' (or closing) keeps the permissions as they are and records the refusal.
 */
export const ALL_CHANNELS: CommunicationPermissions = { allowEmail: true, allowSms: true, allow3CxCalls: true };

export type PromptOutcome =
  'alreadyAllowed' | 'unknown' | 'recentChoice' | 'alreadyShown' | 'declined' | 'accepted' | 'saveFailed';

export async function runMarketingPrompt(
  store: AppStore,
  customerId: number,
  now: () => Date = () => new Date(),
): Promise<PromptOutcome> {
  const current = await customerPermissions(customerId);
  if (current === null) return 'unknown';
  if (current.allowEmail && current.allowSms && current.allow3CxCalls) return 'alreadyAllowed';
  if (current.lastChoiceDate !== null && now().getTime() - Date.parse(current.lastChoiceDate) < TTL.marketingPrompt) {
    return 'recentChoice';
  }
  if ((await store.get(marketingPromptAtom)) !== null) return 'alreadyShown';
  await store.set(marketingPromptAtom, { shownAt: now().toISOString() });

  const accepted = await openDialog({
    id: 'marketing-prompt',
    type: 'info',
    subType: 'marketingOptIn',
    title: MARKETING_TEXTS.welcomeBack,
    content: MARKETING_PROMPT_TEXTS.question,
    buttonYes: MARKETING_PROMPT_TEXTS.accept,
    buttonNo: MARKETING_PROMPT_TEXTS.decline,
    showButtonNo: true,
  });
  if (!accepted) {
    // The refusal is a choice too: the same permissions, recorded with today's date for every device.
    const unchanged = {
      allowEmail: current.allowEmail,
      allowSms: current.allowSms,
      allow3CxCalls: current.allow3CxCalls,
    };
    await updateCommunicationPermissions(unchanged, 'marketingPrompt', { ignoreErrors: true }).catch((error: unknown) =>
      console.warn('The refusal was not recorded', error),
    );
    return 'declined';
  }
  try {
    await updateCommunicationPermissions(ALL_CHANNELS, 'marketingPrompt', { ignoreErrors: true });
  } catch (error) {
    console.warn('Communication permission not saved', error);
    showToast({ alertType: 'error', content: MARKETING_PROMPT_TEXTS.saveFailed });
    return 'saveFailed';
  }
  showToast({ alertType: 'success', content: SUCCESS_TOASTS.changesSaved });
  return 'accepted';
}
