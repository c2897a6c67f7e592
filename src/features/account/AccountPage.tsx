import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { refreshMemberDetails } from '../../lib/session/refresh-member-details.ts';
import { useSession } from '../../lib/session/session.ts';
import { appStore } from '../../lib/storage/store.ts';
import { formatMessage } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { isSecurityCheckedOrLater } from '../../shared/statuses.ts';

const ACCOUNT_TEXTS = {
  details: 'Tus datos',
  name: 'Nombre',
  phone: 'Teléfono',
  notifications: 'Notificaciones',
  phoneValue: '+34 {phone}',
  cards: 'Tus tarjetas',
  activeCards: 'Ver mis tarjetas',
  addCard: 'Añadir una tarjeta',
  callMe: 'Te llamamos',
} as const;

/**
 * Account management ('Gestion de la Cuenta'): the customer's data, fresh from the server on every visit, and the
 * payment-reminder switch (`notifications`: the push feature's, composed by the app), and for customers who may
 * hold cards (systemApproved and later) links to their cards and to add one (outside the loan flow). The account
 * feature of a later release adds e-mail, password and communication preferences here. A refused session (401) takes the customer to
 * login through the global error handling.
 */
export function AccountPage({
  notifications,
  callMe,
}: {
  readonly notifications: ReactNode;
  /** The call scheduling form (the calls feature's, composed by the app). */
  readonly callMe: ReactNode;
}) {
  const { member, status } = useSession();
  useEffect(() => {
    const controller = new AbortController();
    // Not ignoring errors: the global handling shows what the customer needs to see.
    void refreshMemberDetails(appStore, { signal: controller.signal });
    return () => controller.abort();
  }, []);
  if (!member) return null;
  return (
    <section className="page page-account" aria-labelledby="page-title">
      <h1 id="page-title">{routes.account.title}</h1>
      <h2>{ACCOUNT_TEXTS.details}</h2>
      <dl className="account-details">
        <dt>{ACCOUNT_TEXTS.name}</dt>
        <dd>{member.fullName}</dd>
        <dt>{ACCOUNT_TEXTS.phone}</dt>
        <dd>{formatMessage(ACCOUNT_TEXTS.phoneValue, { phone: member.phone })}</dd>
      </dl>
      {status && isSecurityCheckedOrLater(status) && (
        <>
          <h2>{ACCOUNT_TEXTS.cards}</h2>
          <ul className="account-links">
            <li>
              <Link to={buildPath('financialInfoActiveCards')}>{ACCOUNT_TEXTS.activeCards}</Link>
            </li>
            <li>
              <Link to={buildPath('financialInfoAddCard')}>{ACCOUNT_TEXTS.addCard}</Link>
            </li>
          </ul>
        </>
      )}
      <h2>{ACCOUNT_TEXTS.notifications}</h2>
      {notifications}
      <h2>{ACCOUNT_TEXTS.callMe}</h2>
      {callMe}
    </section>
  );
}
