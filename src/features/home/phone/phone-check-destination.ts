import { buildPath } from '../../../shared/routes/paths.ts';

/**
 * Where 'Solicita YA' takes a visitor after the phone check (first document §2, §4 "Phone check"): a registered
 * number logs in with that phone; an unregistered one (or a check that failed: the registration checks again)
 * registers with it.
 */
export function phoneCheckDestination(phone: string, registered: boolean): string {
  return registered ? buildPath('login', {}, { phone }) : buildPath('register', {}, { phone });
}
