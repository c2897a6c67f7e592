import { useEffect, useRef } from 'react';

/** The WebOTP credential (not in TypeScript's DOM library yet). */
interface OtpCredential extends Credential {
  readonly code: string;
}

/** Whether this browser offers the WebOTP API (Chrome on Android). */
export const supportsWebOtp = (): boolean =>
  typeof window !== 'undefined' && 'OTPCredential' in window && typeof navigator.credentials?.get === 'function';

/**
 * Autofills the SMS code where the browser supports the WebOTP API: `navigator.credentials.get({ otp })` waits for an
 * SMS whose last line is `@<host> #<code>` (the server's SMS ends with it) and, once the customer allows it, hands
 * over the code. The request is aborted when the page is left. Elsewhere nothing happens (the field's
 * `autocomplete="one-time-code"` lets iOS and others offer the code from the keyboard).
 */
export function useWebOtp(onCode: (code: string) => void): void {
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });
  useEffect(() => {
    if (!supportsWebOtp()) return;
    const controller = new AbortController();
    const request = { otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions;
    navigator.credentials
      .get(request)
      .then((credential) => {
        const code = (credential as OtpCredential | null)?.code;
        if (code && !controller.signal.aborted) latest.current(code);
      })
      // Aborted on leave, refused by the customer or timed out: typing the code still works.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
}
