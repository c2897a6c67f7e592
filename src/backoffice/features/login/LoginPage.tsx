import { LOGIN_TEXTS } from './texts.ts';

/** The staff login page. The form (e-mail, password, TOTP code) comes with the staff calls. */
export function LoginPage() {
  return (
    <>
      <h1>{LOGIN_TEXTS.title}</h1>
      <p>{LOGIN_TEXTS.intro}</p>
    </>
  );
}
