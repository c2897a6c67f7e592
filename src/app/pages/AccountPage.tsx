import { useNavigate } from 'react-router';
import { AccountPage } from '../../features/account/AccountPage.tsx';
import { CallMeForm } from '../../features/calls/CallMeForm.tsx';
import { PaymentRemindersSwitch } from '../../features/push/PaymentRemindersSwitch.tsx';
import { useSession } from '../../lib/session/session.ts';
import { appStore } from '../../lib/storage/store.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { logout } from '../session-actions.ts';

/**
 * The account page: the account feature's page with the push feature's payment-reminder switch, the calls feature's call
 * scheduling form, the shell's logout and the password change. The password of a customer who is not asked to change it (passwordRequired opens
 * 'Cambiar Contraseña?' by itself) is changed through the PIN reset (the server refuses ChangePasswordPost then):
 * the session ends and the PIN reset page opens with the customer's phone.
 */
export default function AccountRoutePage() {
  const navigate = useNavigate();
  const { member } = useSession();
  const phone = member?.phone;
  return (
    <AccountPage
      notifications={<PaymentRemindersSwitch />}
      callMe={<CallMeForm />}
      onChangePassword={() =>
        void logout(appStore, navigate).then(() => navigate(buildPath('loginForgotPin', {}, phone ? { phone } : {})))
      }
      onLogout={() => void logout(appStore, navigate)}
    />
  );
}
