import { RESET } from 'jotai/utils';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { startSession } from '../../lib/session/session.ts';
import { campaignParametersAtom, signupFormAtom } from '../../lib/storage/atoms.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import type { RegisterResult } from '../../shared/api/registration.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { recordRegisterLanding, type RegisterEntry } from './record-register-landing.ts';
import { useAfterUnmount } from './use-after-unmount.ts';

/** How long to wait for the access guard to replace the page before navigating anyway. */
const GUARD_REDIRECT_WAIT_MS = 300;

/** The stored campaign parameters, read without waiting (they are hydrated at start-up). */
export function storedCampaign(store: AppStore) {
  const campaign = store.get(campaignParametersAtom);
  return campaign instanceof Promise ? null : campaign;
}

/**
 * A successful registration (first document §4 "Registration"): the kept signup values are cleared, the session
 * starts with the token and the customer's details (status new), the page goes to `/otp?q=<hint>` and the register
 * landing page is recorded.
 */
export function useCompleteRegistration(store: AppStore, entry: RegisterEntry) {
  const navigate = useNavigate();
  const afterUnmount = useAfterUnmount(GUARD_REDIRECT_WAIT_MS);
  return useCallback(
    async ({ token, customerDetails, hint }: RegisterResult) => {
      await store.set(signupFormAtom, RESET);
      const { passwordRequired: _passwordRequired, ...memberDetails } = customerDetails;
      await startSession(store, { token, memberDetails });
      await afterUnmount();
      navigate(buildPath('otp', {}, { q: hint }), { replace: true });
      const campaign = storedCampaign(store);
      recordRegisterLanding({
        landingPage: buildPath('otp'),
        entry,
        campaign: campaign?.utm_campaign ?? campaign?.campaignid ?? null,
      });
    },
    [store, entry, navigate, afterUnmount],
  );
}
