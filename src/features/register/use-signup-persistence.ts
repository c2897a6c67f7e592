import { useEffect } from 'react';
import type { UseFormSubscribe } from 'react-hook-form';
import { signupFormAtom } from '../../lib/storage/atoms.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import { persistableSignupValues, restoredSignupValues, type SignupFormValues } from './signup-values.ts';

/**
 * The signup form's starting values: what this device kept of an unfinished signup (signupFormAtom, 1 day), with
 * the phone handed over in the query taking precedence. Reads the hydrated store synchronously.
 */
export function initialSignupValues(store: AppStore, queryPhone: string | null): SignupFormValues {
  const stored = store.get(signupFormAtom);
  const values = restoredSignupValues(stored instanceof Promise ? null : stored);
  return queryPhone ? { ...values, mobilePhone: queryPhone } : values;
}

/**
 * Persists the form's values on every change (first document §3: "only signup form values are persisted as form
 * state"), so a reload or a lost connection loses nothing. The passwords are never written.
 */
export function useSignupPersistence(subscribe: UseFormSubscribe<SignupFormValues>, store: AppStore): void {
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          void store.set(signupFormAtom, persistableSignupValues(values));
        },
      }),
    [subscribe, store],
  );
}

/** The phone check starts with the number of an unfinished signup kept on this device, if any. */
export function initialPhoneCheckValue(store: AppStore): string {
  return initialSignupValues(store, null).mobilePhone;
}
