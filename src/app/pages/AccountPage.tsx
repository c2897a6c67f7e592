import { AccountPage } from '../../features/account/AccountPage.tsx';
import { CallMeForm } from '../../features/calls/CallMeForm.tsx';
import { PaymentRemindersSwitch } from '../../features/push/PaymentRemindersSwitch.tsx';

/**
 * The account page: the account feature's page with the push feature's payment-reminder switch and the calls
 * feature's call scheduling form.
 */
export default function AccountRoutePage() {
  return <AccountPage notifications={<PaymentRemindersSwitch />} callMe={<CallMeForm />} />;
}
