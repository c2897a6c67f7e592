import { useStore } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { COUNTRY_CODE } from '../../shared/constants.ts';
import { formatMessage } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { PhoneCheckForm } from './components/PhoneCheckForm.tsx';
import { SignupForm } from './components/SignupForm.tsx';
import type { RegisterEntry } from './record-register-landing.ts';
import { REGISTER_PAGE_TEXTS } from './texts.ts';
import { initialPhoneCheckValue } from './use-signup-persistence.ts';
import './register.css';

/** Set by the login page when the phone it was given belongs to no customer (first document §8 "Login"). */
const CUSTOMER_NOT_FOUND_QUERY = 'customerNotFound';

/**
 * The register page (`register`, /registro/datos-personales; first document §2 "Register page"): the phone check
 * first unless the query carries a phone or skipPhoneCheck, then the signup form. After a login that did not find
 * the number (`customerNotFound=1`) it says so.
 */
export default function RegisterPage() {
  const store = useStore();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const phone = searchParams.get('phone')?.trim() || null;
  const skipPhoneCheck = searchParams.has('skipPhoneCheck');
  const customerNotFound = searchParams.get(CUSTOMER_NOT_FOUND_QUERY) === '1';
  const entry: RegisterEntry = customerNotFound ? 'customerNotFound' : phone ? 'phone' : 'direct';
  const showSignup = phone !== null || skipPhoneCheck;

  return (
    <section className="page page-register" aria-labelledby="page-title">
      <h1 id="page-title">{routes.register.title}</h1>
      {customerNotFound && (
        <p className="register-not-found" role="status">
          {phone
            ? formatMessage(REGISTER_PAGE_TEXTS.customerNotFound, { phone: `${COUNTRY_CODE} ${phone}` })
            : REGISTER_PAGE_TEXTS.customerNotFoundNoPhone}
        </p>
      )}
      {showSignup ? (
        <SignupForm queryPhone={phone} entry={entry} />
      ) : (
        <PhoneCheckForm
          defaultPhone={initialPhoneCheckValue(store)}
          onContinue={(checked) => setSearchParams({ phone: checked }, { replace: true })}
          onLogin={(checked) => navigate(buildPath('login', {}, { phone: checked }))}
        />
      )}
    </section>
  );
}
