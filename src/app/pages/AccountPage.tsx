import { AccountPage } from '../../features/account/AccountPage.tsx';
import { PaymentRemindersSwitch } from '../../features/push/PaymentRemindersSwitch.tsx';

/** The account page: the account feature's page with the push feature's payment-reminder switch. */
export default function AccountRoutePage() {
  return <AccountPage notifications={<PaymentRemindersSwitch />} />;
}
