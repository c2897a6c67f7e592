import { useAtomValue, useStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { basicDetailsAtom } from '../../lib/storage/atoms.ts';
import { routes } from '../../shared/routes/table.ts';
import { normalizePhone } from '../../shared/validators/phone.ts';
import { AccountTabs } from './login/AccountTabs.tsx';
import { LoginForm } from './login/LoginForm.tsx';
import { useLoginForm } from './login/use-login-form.ts';
import { WelcomeBack } from './login/WelcomeBack.tsx';
import './auth.css';

/**
 * The login page (`/login`, query redirectTo and phone; first document §2 "Login page"). A customer who logged in
 * on this device before is greeted by first name with the phone filled in, unless the query names another phone;
 * 'Cambiar cuenta' forgets that account. Serves the route key `login`.
 */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const store = useStore();
  const remembered = useAtomValue(basicDetailsAtom);
  const queryPhone = searchParams.get('phone');
  const greeted =
    remembered !== null && (queryPhone === null || normalizePhone(queryPhone) === remembered.phone) ? remembered : null;
  const { form, submit, isSubmitting } = useLoginForm(
    queryPhone ?? greeted?.phone ?? '',
    searchParams.get('redirectTo'),
  );
  const phone = useWatch({ control: form.control, name: 'phoneNumber' });

  // After 'Cambiar cuenta' the banner (and the button that had the focus) is gone: the focus goes to the phone.
  const focusPhone = useRef(false);
  useEffect(() => {
    if (greeted !== null || !focusPhone.current) return;
    focusPhone.current = false;
    form.setFocus('phoneNumber');
  }, [greeted, form]);

  const changeAccount = () => {
    focusPhone.current = true;
    form.reset({ phoneNumber: '', password: '', rememberMe: false });
    void store.set(basicDetailsAtom, RESET);
  };

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <AccountTabs phone={normalizePhone(phone ?? '')} />
        <h1 id="page-title" className="visually-hidden">
          {routes.login.title}
        </h1>
        {greeted && <WelcomeBack firstName={greeted.firstName} onChangeAccount={changeAccount} />}
        <LoginForm form={form} onSubmit={submit} isSubmitting={isSubmitting} />
      </div>
    </div>
  );
}
