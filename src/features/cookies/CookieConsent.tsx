import { useAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { basicDetailsAtom, cookieConsentAtom, type CookieConsent as Consent } from '../../lib/storage/atoms.ts';
import { closeCookieSettings, useCookieSettingsOpen } from './cookie-settings.ts';
import type { CookieConsentDialogProps } from './CookieConsentDialog.tsx';

const CookieConsentDialog = lazy<ComponentType<CookieConsentDialogProps>>(() =>
  import('./CookieConsentDialog.tsx').catch((error: unknown) => {
    // Offline before the service worker cached it: no modal this time, it shows on the next page load.
    console.error('The cookie consent modal could not be loaded', error);
    return { default: () => null };
  }),
);

/**
 * The cookie consent modal (second document §4), mounted once by the app's layout: shown while no consent is
 * stored (it lasts 1 year) and when the customer reopens it with `openCookieSettings()`. Its code loads only then.
 *
 * It also applies the functional permission to what the app remembers for convenience: without it, the basic
 * details kept for the login greeting (basicDetailsAtom, 31 days) are deleted as soon as they are written.
 * (Campaign parameters follow the advertising permission in src/features/tracking.)
 */
export function CookieConsent() {
  const [consent, setConsent] = useAtom(cookieConsentAtom);
  const [basicDetails, setBasicDetails] = useAtom(basicDetailsAtom);
  const settingsOpen = useCookieSettingsOpen();

  useEffect(() => {
    if (consent !== null && !consent.functional && basicDetails !== null) void setBasicDetails(RESET);
  }, [consent, basicDetails, setBasicDetails]);

  if (consent !== null && !settingsOpen) return null;

  const decide = (choice: Consent) => {
    void setConsent(choice);
    closeCookieSettings();
  };

  return (
    <Suspense fallback={null}>
      {/* Reopened from the settings link: straight to the detailed view with the stored choice. */}
      <CookieConsentDialog initial={consent} startInDetails={settingsOpen} onDecide={decide} />
    </Suspense>
  );
}
