import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import EmailUpdateModal from '../../lib/email/EmailUpdateModal.tsx';
import { onlineAtom } from '../../lib/pwa/network-status.ts';
import { refreshMemberDetails } from '../../lib/session/refresh-member-details.ts';
import { currentSession, useSession } from '../../lib/session/session.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { CardBrandIcon } from '../../lib/ui/CardBrandIcon.tsx';
import { DataAgeNote } from '../../lib/ui/DataAgeNote.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { usePageData } from '../../lib/api/use-page-data.ts';
import type { Customer } from '../../shared/api/membership.ts';
import { canAddBankAccount } from '../../shared/bank-account-rules.ts';
import { groupsOfFour, maskedCard, showsBrandIcon } from '../../shared/card-display.ts';
import { formatMessage } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import type { AccountData } from './api/get-account.ts';
import { getKeptAccount } from './api/get-kept-account.ts';
import { PermissionsSection } from './PermissionsSection.tsx';
import { ACCOUNT_TEXTS as TEXT } from './texts.ts';
import './account.css';

export interface AccountPageProps {
  /** The payment-reminder switch (the push feature's, composed by the app). */
  readonly notifications: ReactNode;
  /** The call scheduling form (the calls feature's, composed by the app), under its own heading. */
  readonly callMe: ReactNode;
  /** Starts the password change (composed by the app). */
  readonly onChangePassword: () => void;
  /** 'Cerrar Sesion' (the shell's logout, composed by the app). */
  readonly onLogout: () => void;
}

function addressLines(address: NonNullable<Customer['address']>): string[] {
  const street = [address.street, address.streetNumber, address.floor].filter(Boolean).join(', ');
  return [street, `${address.postcode} ${address.city}`, address.province];
}

/**
 * Account management ('Gestión de la cuenta', second document §2): the customer's details from CustomerGet (name,
 * DNI/NIE, phone, e-mail with the e-mail update modal), address, bank accounts ('Añadir nueva cuenta bancaria' for
 * RTB securityChecked customers who are not blacklisted, as in the loan request), cards (securityChecked and later:
 * the principal one is changed on the active cards page, 'Has establecido tu tarjeta como principal.'),
 * communication permissions with their history, the payment-reminder switch, the call scheduling form, the password
 * change and logout. The member details are refreshed on every visit; a refused session (401) takes the customer
 * to login through the global error handling. Offline, or when the load fails, the page shows the data kept from
 * the session's last load with its age, and loads again when the connection comes back.
 */
export function AccountPage({ notifications, callMe, onChangePassword, onLogout }: AccountPageProps) {
  const { member } = useSession();
  const online = useAtomValue(onlineAtom);
  const store = useStore();
  // Back online while the kept copy is shown: load again (once per return, not in a loop when the server fails).
  const { load, retry, setLoad } = usePageData(
    (signal) => {
      const customerId = currentSession(store)?.memberDetails.id;
      return customerId === undefined
        ? Promise.reject(new Error('No session'))
        : getKeptAccount(store, customerId, signal);
    },
    { isKeptCopy: (value) => value.stale },
  );
  const [emailOpen, setEmailOpen] = useState(false);
  useEffect(() => {
    // Offline there is nothing to refresh (the kept copy is shown, the banner says why): no 'Aviso' for a request the
    // customer did not make. Online (and on coming back), errors are not ignored: the global handling shows what the
    // customer needs to see (a refused session takes them to login).
    if (!online) return;
    const controller = new AbortController();
    void refreshMemberDetails(store, { signal: controller.signal });
    return () => controller.abort();
  }, [online, store]);
  if (!member) return null;

  const emailSaved = (email: string) => {
    setLoad((current) => {
      if (current.kind !== 'ready') return current;
      const { data } = current.value;
      const customer = { ...data.customer, email: email.toLowerCase() };
      return { kind: 'ready', value: { ...current.value, data: { ...data, customer } } };
    });
    setEmailOpen(false);
  };

  return (
    <section className="page page-account" aria-labelledby="page-title">
      <h1 id="page-title">{routes.account.title}</h1>
      {load.kind === 'loading' && <Spinner />}
      {load.kind === 'failed' && (
        <div role="alert">
          <p>{TEXT.loadFailed}</p>
          <Button variant="secondary" onPress={retry}>
            {TEXT.retry}
          </Button>
        </div>
      )}
      {load.kind === 'ready' && load.value.stale && (
        <DataAgeNote savedAt={load.value.savedAt} online={online} texts={TEXT} onRetry={retry} />
      )}
      {load.kind === 'ready' && <AccountDetails data={load.value.data} onUpdateEmail={() => setEmailOpen(true)} />}
      {emailOpen && load.kind === 'ready' && (
        <EmailUpdateModal
          defaultEmail={load.value.data.customer.email}
          onClose={() => setEmailOpen(false)}
          onSaved={emailSaved}
        />
      )}
      <h2>{TEXT.permissions}</h2>
      <PermissionsSection customerId={member.id} />
      <h2>{TEXT.notifications}</h2>
      {notifications}
      <h2>{TEXT.callMe}</h2>
      {callMe}
      <h2>{TEXT.password}</h2>
      <p>{TEXT.passwordIntro}</p>
      <Button variant="secondary" onPress={onChangePassword}>
        {TEXT.changePassword}
      </Button>
      <p className="account-logout">
        <Button variant="link" onPress={onLogout}>
          {TEXT.logout}
        </Button>
      </p>
    </section>
  );
}

function AccountDetails({ data, onUpdateEmail }: { readonly data: AccountData; readonly onUpdateEmail: () => void }) {
  const { customer, accounts, cards } = data;
  return (
    <>
      <h2>{TEXT.details}</h2>
      <dl className="account-details">
        <dt>{TEXT.name}</dt>
        <dd>{`${customer.firstName} ${customer.lastName}`}</dd>
        <dt>{TEXT.dni}</dt>
        <dd>{customer.dni}</dd>
        <dt>{TEXT.phone}</dt>
        <dd>{formatMessage(TEXT.phoneValue, { phone: customer.phone })}</dd>
        <dt>{TEXT.email}</dt>
        <dd>
          <span className="account-email">{customer.email}</span>{' '}
          <Button variant="link" onPress={onUpdateEmail}>
            {TEXT.updateEmail}
          </Button>
        </dd>
      </dl>

      <h2>{TEXT.address}</h2>
      {customer.address ? (
        <address className="account-address">
          {addressLines(customer.address).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      ) : (
        <p>{TEXT.noAddress}</p>
      )}

      <h2>{TEXT.bankAccounts}</h2>
      {accounts.length === 0 ? (
        <p>{TEXT.noBankAccounts}</p>
      ) : (
        <ul className="account-list" aria-label={TEXT.bankAccountsList}>
          {accounts.map((account) => (
            <li key={account.accountId}>
              {account.bankValue} · <span className="account-number">{groupsOfFour(account.accountNumber)}</span>
            </li>
          ))}
        </ul>
      )}
      {canAddBankAccount(customer) && (
        <Link className="ui-button ui-button--link" to={buildPath('bankCredentials')}>
          {TEXT.addBankAccount}
        </Link>
      )}

      {cards && (
        <>
          <h2>{TEXT.cards}</h2>
          {cards.length === 0 ? (
            <p>{TEXT.noCards}</p>
          ) : (
            <ul className="account-list" aria-label={TEXT.cardsList}>
              {cards.map((card) => (
                <li key={card.id}>
                  {showsBrandIcon(card) && <CardBrandIcon />}{' '}
                  <span className="account-number">{maskedCard(card.maskedCardNumber)}</span>
                  {card.isActive && <span className="account-badge">{TEXT.principal}</span>}
                </li>
              ))}
            </ul>
          )}
          <ul className="account-links">
            {cards.length > 1 && (
              <li>
                <Link to={buildPath('financialInfoActiveCards')}>{TEXT.changePrincipal}</Link>
              </li>
            )}
            <li>
              <Link to={buildPath('financialInfoAddCard')}>{TEXT.addCard}</Link>
            </li>
          </ul>
        </>
      )}
    </>
  );
}
