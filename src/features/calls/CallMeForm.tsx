import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../lib/api/errors.ts';
import { useSession } from '../../lib/session/session.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { FormSelect } from '../../lib/ui/FormSelect.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import type { AvailableCallDay } from '../../shared/api/calls.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { formatMessage } from '../../shared/messages.ts';
import { CALL_TIME_TEXTS, SUCCESS_TOASTS } from '../../shared/messages-loan.ts';
import { getAvailableCallTimes } from './api/available-call-times.ts';
import { chooseCallTime } from './api/choose-call-time.ts';
import { CALL_ME_ANCHOR } from './anchor.ts';
import { CALL_ME_TEXTS } from './texts.ts';
import './calls.css';

interface CallValues {
  day: string;
  time: string;
}

/**
 * Both fields are required and show no message (second document §5 "Call scheduling"): a failed submit sends nothing
 * and focuses the first empty select.
 */
const REQUIRED = { required: true } as const;

/** How long the refusal shows before the page reloads. */
const RELOAD_DELAY_MS = 2000;

/** Reloads the page (the spec's answer to a refused booking); replaced in unit tests. */
export const pageReload = { run: () => window.location.reload() };

/**
 * The call scheduling form ('call me'; second document §2, §5, §8): the day select 'Selecciona la fecha;' with the
 * days that have free slots (AvailableCallTimesGet, Europe/Madrid, no past slot), the hours select
 * 'Selecciona la hora;' with that day's slots (emptied when the day changes), both required, and 'Programar
 * llamada', disabled and loading while the booking runs. ChooseCallTimePost books the welcome call for the logged-in
 * customer: true → the success toast and the slots read again (the booked one is gone); false (the slot was taken
 * meanwhile) → 'Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.' and the page reloads 2 s later.
 */
export function CallMeForm() {
  return (
    <CallMeAnchor>
      <CallMeContent />
    </CallMeAnchor>
  );
}

function CallMeContent() {
  const { member } = useSession();
  const { load, retry } = usePageData(getAvailableCallTimes);
  if (!member) return null;
  if (load.kind === 'loading')
    return (
      <p className="call-me" aria-busy="true">
        {CALL_ME_TEXTS.intro}
      </p>
    );
  if (load.kind === 'failed') {
    return (
      <div className="call-me">
        <p role="alert">{CALL_ME_TEXTS.loadFailed}</p>
        <Button variant="secondary" onPress={retry}>
          {CALL_ME_TEXTS.retry}
        </Button>
      </div>
    );
  }
  if (load.value.length === 0) return <p className="call-me">{CALL_ME_TEXTS.noSlots}</p>;
  return <CallMeFields customerId={member.id} days={load.value} onBooked={retry} />;
}

/** The form's place on the page: `#te-llamamos` (the side menu's 'Te llamamos') scrolls to it once it is there. */
function CallMeAnchor({ children }: { readonly children: ReactNode }) {
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${CALL_ME_ANCHOR}`) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <div id={CALL_ME_ANCHOR} ref={ref} className="call-me-anchor">
      {children}
    </div>
  );
}

function CallMeFields({
  customerId,
  days,
  onBooked,
}: {
  readonly customerId: number;
  readonly days: readonly AvailableCallDay[];
  readonly onBooked: () => void;
}) {
  const { control, handleSubmit, getValues, setValue } = useForm<CallValues>({
    mode: 'onTouched',
    defaultValues: { day: '', time: '' },
  });
  const day = useWatch({ control, name: 'day' });
  const dayOptions = useMemo(
    () => days.map((entry) => ({ value: entry.date, label: formatIsoDate(entry.date) })),
    [days],
  );
  const timeOptions = useMemo(
    () =>
      (days.find((entry) => entry.date === day)?.times ?? []).map((time) => ({
        value: String(time.availableCallTimeId),
        label: formatMessage(CALL_ME_TEXTS.hourOption, { start: time.startTime, end: time.endTime }),
      })),
    [days, day],
  );

  // The hours belong to the day: another day empties the hour chosen for the previous one.
  useEffect(() => {
    if (getValues('time') !== '') setValue('time', '', { shouldValidate: false });
  }, [day, getValues, setValue]);

  const [submit, submitting] = useSingleFlight(async (values: CallValues) => {
    let booked: boolean;
    try {
      booked = await chooseCallTime(customerId, Number(values.time));
    } catch (error) {
      // A refused or lost request: the global error handling has told the customer.
      if (isApiError(error)) return;
      throw error;
    }
    if (booked) {
      showToast({ alertType: 'success', content: SUCCESS_TOASTS.callScheduled });
      onBooked();
      return;
    }
    showToast({ alertType: 'error', content: CALL_TIME_TEXTS.failed, autoDismiss: false });
    // Long enough to read the message; the button stays loading until the page reloads.
    await new Promise((resolve) => setTimeout(resolve, RELOAD_DELAY_MS));
    pageReload.run();
  });

  return (
    <form className="call-me" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <p>{CALL_ME_TEXTS.intro}</p>
      <FormSelect control={control} name="day" label={CALL_TIME_TEXTS.dayLabel} options={dayOptions} rules={REQUIRED} />
      <FormSelect
        control={control}
        name="time"
        label={CALL_TIME_TEXTS.hourLabel}
        options={timeOptions}
        rules={REQUIRED}
      />
      <Button type="submit" isDisabled={submitting} isLoading={submitting}>
        {CALL_TIME_TEXTS.submit}
      </Button>
    </form>
  );
}
