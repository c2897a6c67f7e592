import { useEffect, useRef } from 'react';

/** The Web OTP API's request and answer (not in TypeScript's DOM library yet). */
interface OtpRequestOptions extends CredentialRequestOptions {
  otp: { transport: string[] };
}
interface OtpCredential extends Credential {
  code: string;
}

/** Whether this browser offers the Web OTP API (Chrome on Android). */
export function supportsWebOtp(): boolean {
  return typeof window !== 'undefined' && 'OTPCredential' in window && typeof navigator.credentials?.get === 'function';
}

/**
 * Offers the code of an incoming SMS to the page where the browser supports it (the SMS ends with the
 * `@host #code` line): `onCode` receives it. Each change of `requestKey` (a new PIN was sent) asks again; leaving the
 * page aborts the pending request. Elsewhere nothing happens and the customer types the code.
 */
export function useWebOtp(onCode: (code: string) => void, requestKey: number): void {
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });

  useEffect(() => {
    if (!supportsWebOtp()) return;
    const controller = new AbortController();
    const options: OtpRequestOptions = { otp: { transport: ['sms'] }, signal: controller.signal };
    navigator.credentials
      .get(options)
      .then((credential) => {
        const code = (credential as OtpCredential | null)?.code;
        if (!controller.signal.aborted && code) latest.current(code);
      })
      .catch(() => undefined); // aborted, refused by the customer or timed out: the code is typed by hand
    return () => controller.abort();
  }, [requestKey]);
}
