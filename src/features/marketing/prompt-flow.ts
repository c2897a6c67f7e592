import { marketingPromptAtom } from '../../lib/storage/atoms.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import { openDialog } from '../../lib/ui/dialog-store.ts';
import { showToast } from '../../lib/ui/toast-store.ts';
import type { CommunicationPermissions } from '../../shared/api/communication.ts';
import { MARKETING_TEXTS } from '../../shared/messages.ts';
import { SUCCESS_TOASTS } from '../../shared/messages-loan.ts';
import { customerPermissions } from '../../lib/api/calls/check-permissions.ts';
import { updateCommunicationPermissions } from '../../lib/api/calls/update-communication-permissions.ts';
import { MARKETING_PROMPT_TEXTS } from './texts.ts';

/**
 * The prompt itself (loaded only for customers who may see it): ask the server whether the customer already accepts
 * every channel (then there is nothing to ask); otherwise record that it was shown (so neither this tab nor another
 * shows it again within 7 days, whatever the answer) and ask. 'Sí' stores email, SMS and calls as allowed.
 */
export const ALL_CHANNELS: CommunicationPermissions = { allowEmail: true, allowSms: true, allow3CxCalls: true };

export type PromptOutcome = 'alreadyAllowed' | 'alreadyShown' | 'declined' | 'accepted' | 'saveFailed';

export async function runMarketingPrompt(
  store: AppStore,
  customerId: number,
  now: () => Date = () => new Date(),
): Promise<PromptOutcome> {
  const current = await customerPermissions(customerId);
  if (current && current.allowEmail && current.allowSms && current.allow3CxCalls) return 'alreadyAllowed';
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
  if (!accepted) return 'declined';
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
