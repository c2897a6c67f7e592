import { Switch } from '../../lib/ui/Switch.tsx';
import { PUSH_TEXTS } from './texts.ts';
import { usePaymentReminders } from './use-payment-reminders.ts';

/**
 * The 'Recordatorios de pago' switch (dashboard or account): web-push reminders 3 days before, the day before, on
 * the due date and one day after it. Its description says what the switch can't (unsupported, blocked) or why the
 * last change failed.
 */
export function PaymentRemindersSwitch() {
  const { state, busy, error, toggle } = usePaymentReminders();
  const unavailable = state === 'unsupported' || state === 'denied';
  const description =
    error ??
    (state === 'unsupported'
      ? PUSH_TEXTS.unsupported
      : state === 'denied'
        ? PUSH_TEXTS.denied
        : state === 'subscribed'
          ? PUSH_TEXTS.on
          : PUSH_TEXTS.off);
  return (
    <div className="payment-reminders" aria-busy={busy || state === null}>
      <Switch
        name="paymentReminders"
        isSelected={state === 'subscribed'}
        isDisabled={unavailable || state === null}
        isReadOnly={busy}
        onChange={toggle}
        description={<span role={error ? 'alert' : undefined}>{description}</span>}
      >
        {PUSH_TEXTS.label}
      </Switch>
    </div>
  );
}
