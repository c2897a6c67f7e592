import { useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { HOME_TEXTS } from '../../../shared/messages.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';
import type { PhoneCheckFormProps } from './PhoneCheckForm.tsx';
import '../../../lib/ui/field.css';

/**
 * The visitor's phone form with 'Solicita YA' (first document §2), loaded on intent.
 *
 * Its validation (react-hook-form with the shared phone schema, whose libphonenumber metadata alone is ~40 kB gzip)
 * would not fit the first-load budget, so the page first renders this plain twin of the form (same markup and
 * classes) and loads the real one as soon as the visitor shows intent: the pointer over the field or the button,
 * focus on either, or a submit. The real form then takes the place of the twin with what was typed, the focus and, if the visitor already
 * pressed 'Solicita YA', the submit. Nothing is lost and a visitor who never touches the form never downloads it.
 */

type FormModule = { default: ComponentType<PhoneCheckFormProps> };
const loadForm = (): Promise<FormModule> => import('./PhoneCheckForm.tsx');

interface Loaded {
  readonly Form: ComponentType<PhoneCheckFormProps>;
  readonly focus: boolean;
  readonly submit: boolean;
}

export function PhoneCheck() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Mutable on purpose: the value and the submit request move on while the module downloads.
  const typed = useRef({ value: '', submit: false, loading: false });
  const ids = useId();

  const load = () => {
    if (typed.current.loading) return;
    typed.current.loading = true;
    setFailed(false);
    loadForm().then(
      (module) => {
        setLoaded({
          Form: module.default,
          focus: document.activeElement === input.current,
          submit: typed.current.submit,
        });
      },
      (error: unknown) => {
        console.error('The phone form could not be loaded', error);
        typed.current.loading = false;
        typed.current.submit = false;
        setSubmitting(false);
        setFailed(true);
      },
    );
  };

  if (loaded) {
    const { Form } = loaded;
    return <Form latestPhone={() => typed.current.value} focusOnMount={loaded.focus} submitOnMount={loaded.submit} />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    typed.current.submit = true;
    setSubmitting(true);
    load();
  };

  return (
    <form className="home-phone-form" noValidate aria-labelledby={`${ids}-title`} onSubmit={submit}>
      <h2 className="home-apply-title" id={`${ids}-title`}>
        {HOME_PAGE_TEXTS.apply.title}
      </h2>
      <div className="ui-field">
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
            maxLength={20}
            required
            aria-describedby={`${ids}-prefix ${ids}-hint`}
            onPointerEnter={load}
            onFocus={load}
            onInput={(event) => {
              typed.current.value = event.currentTarget.value;
            }}
          />
        </div>
        <span className="ui-field-description" id={`${ids}-hint`}>
          {HOME_PAGE_TEXTS.apply.phoneHint}
        </span>
        {failed && (
          <span className="ui-field-error" role="alert">
            {HOME_PAGE_TEXTS.apply.loadFailed}
          </span>
        )}
      </div>
      <button
        type="submit"
        className="ui-button ui-button--primary ui-button--full home-apply-button"
        aria-busy={submitting || undefined}
        onPointerEnter={load}
        onFocus={load}
      >
        {HOME_TEXTS.applyNow}
      </button>
    </form>
  );
}
