import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { HOME_TEXTS } from '../../../shared/messages.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';
import type * as PhoneCheckLogic from './phone-check-logic.ts';
import '../../../lib/ui/field.css';

/**
 * The visitor's phone form with 'Solicita YA' (first document §2, §4 "Phone check"): a registered number goes to
 * login with the phone, any other to registration with the phone.
 *
 * The phone rule (the shared schema, whose libphonenumber metadata alone is ~40 kB gzip) would not fit the first-load
 * budget, so it lives in `phone-check-logic.ts`, loaded on intent: the pointer over the field or the button, focus
 * on either, or a submit. The form itself is in the first load and its elements never change: a click, the focus
 * or what is typed cannot be lost while the rule arrives. (An earlier version swapped in a second form once loaded; a
 * press that began on the first form's button and ended on the second's was no click at all.)
 *
 * Errors show as react-hook-form's `onTouched` mode shows them in every other form: from the first time the field
 * is left or the form sent, then again on every change.
 */

type Logic = typeof PhoneCheckLogic;

/** Room for a number typed with spaces or an international prefix ('0034 600 00 00 00'); the rule normalises it. */
const PHONE_INPUT_MAX = 20;

interface FieldError {
  readonly text: string;
  /** Announced at once (the form could not load); a rule's message is read with the field instead. */
  readonly alert: boolean;
}

export function PhoneCheck() {
  const navigate = useNavigate();
  const ids = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Mutable on purpose: what is typed, and whether the field was left, move on while the rule downloads.
  const form = useRef({
    value: '',
    touched: false,
    submitting: false,
    logic: null as Logic | null,
    loading: null as Promise<Logic> | null,
  });

  const load = (): Promise<Logic> => {
    form.current.loading ??= import('./phone-check-logic.ts').then(
      (logic) => (form.current.logic = logic),
      (failure: unknown) => {
        form.current.loading = null; // the next intent tries again
        throw failure;
      },
    );
    return form.current.loading;
  };

  /** Loads on intent; a failure here says nothing yet (the visitor may never send), a submit reports it. */
  const preload = () => {
    load().catch((failure: unknown) => console.error('The phone rule could not be loaded', failure));
  };

  const showRule = (logic: Logic) => {
    const result = logic.validatePhone(form.current.value);
    setError('error' in result ? { text: result.error, alert: false } : null);
  };

  /** Validates what is typed now, as soon as the rule is here (at once when it already is). */
  const revalidate = () => {
    const { logic } = form.current;
    if (logic) showRule(logic);
    else load().then(showRule, () => undefined);
  };

  const showOnField = (text: string) => {
    setError({ text, alert: false });
    input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.current.submitting) return;
    form.current.submitting = true;
    form.current.touched = true;
    setSubmitting(true);
    try {
      let logic: Logic;
      try {
        logic = await load();
      } catch (failure) {
        console.error('The phone rule could not be loaded', failure);
        setError({ text: HOME_PAGE_TEXTS.apply.loadFailed, alert: true });
        return;
      }
      const checked = logic.validatePhone(form.current.value);
      if ('error' in checked) return showOnField(checked.error);
      setError(null);
      const outcome = await logic.runPhoneCheck(checked.phone);
      if ('error' in outcome) return showOnField(outcome.error);
      navigate(outcome.destination);
    } finally {
      form.current.submitting = false;
      setSubmitting(false);
    }
  };

  const errorId = `${ids}-error`;
  return (
    <form
      className="home-phone-form"
      noValidate
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => void submit(event)}
    >
      <h2 className="home-apply-title" id={`${ids}-title`}>
        {HOME_PAGE_TEXTS.apply.title}
      </h2>
      <div className="ui-field" data-invalid={error ? true : undefined}>
        <label className="ui-field-label" htmlFor={`${ids}-phone`}>
          {HOME_PAGE_TEXTS.apply.phoneLabel}
        </label>
        <div className="ui-field-control">
          <span className="ui-field-prefix" id={`${ids}-prefix`}>
            {COUNTRY_CODE}
          </span>
          <input
            ref={input}
            className="ui-field-input"
            id={`${ids}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={PHONE_INPUT_MAX}
            required
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${ids}-prefix`, `${ids}-hint`, error && errorId].filter(Boolean).join(' ')}
            onPointerEnter={preload}
            onFocus={preload}
            onChange={(event) => {
              form.current.value = event.currentTarget.value;
              setValue(event.currentTarget.value);
              if (form.current.touched) revalidate();
            }}
            onBlur={() => {
              form.current.touched = true;
              revalidate();
            }}
          />
        </div>
        <span className="ui-field-description" id={`${ids}-hint`}>
          {HOME_PAGE_TEXTS.apply.phoneHint}
        </span>
        {error && (
          <span className="ui-field-error" id={errorId} role={error.alert ? 'alert' : undefined}>
            {error.text}
          </span>
        )}
      </div>
      <button
        type="submit"
        className="ui-button ui-button--primary ui-button--full home-apply-button"
        aria-busy={submitting || undefined}
        data-pending={submitting || undefined}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {HOME_TEXTS.applyNow}
      </button>
    </form>
  );
}
