import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { getApiConfig } from '../../lib/api/configure.ts';
import { globalOutcomeFor } from '../../lib/api/error-catalogue.ts';
import { isApiError, isBusinessError } from '../../lib/api/errors.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { ImpedimentCreatePost } from '../../shared/api/impediment.ts';
import { formatMessage } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { impedimentReasons } from '../../shared/payment-statuses.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { createImpediment } from './api/create-impediment.ts';
import { impedimentAllowed } from './api/impediment-allowed.ts';
import { COMMENT_MAX_LENGTH, reasonFormSchema, type ReasonForm, type ReasonFormValues } from './reason-form.ts';
import { IMPEDIMENT_REASON_LABELS, PAYMENT_REASON_TEXTS as TEXT } from './texts.ts';
import './payment-reason.css';

type Outcome = 'form' | 'sent' | 'notFound' | 'alreadyOpen';

/** The loan id of the query: a positive integer, else undefined. */
function loanIdOf(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

/** Whether a failed ImpedimentCreatePost means "no such loan of yours": the server's 404 (or LoanNotFound). */
const isLoanNotFound = (error: unknown): boolean =>
  (isApiError(error) && error.kind === 'http' && error.status === 404) ||
  (isBusinessError(error, ImpedimentCreatePost) && error.has('LoanNotFound'));

/**
 * `paymentReason` (/payment-reason?loanId=): '¿Problemas con un reembolso?' — the customer says why a repayment is a
 * problem (the lender's reasons, one as a radio button, and a comment required for 'Otro motivo', at most 1000
 * characters); ImpedimentCreatePost records it and the page thanks them and says what happens next. A missing loan
 * id, or one that is not the customer's running loan (the server's 404), gets a Spanish message and the dashboard; a
 * loan whose last impediment staff have not closed says we are on it (ImpedimentAllowedGet, before the form).
 */
export default function PaymentReasonPage() {
  const [searchParams] = useSearchParams();
  const loanId = loanIdOf(searchParams.get('loanId'));
  const [outcome, setOutcome] = useState<Outcome>(loanId === undefined ? 'notFound' : 'form');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<ReasonFormValues, unknown, ReasonForm>({
    resolver: zodResolver(reasonFormSchema),
    mode: 'onTouched',
    defaultValues: { reason: null, comment: '' },
  });
  const { errors } = formState;
  const comment = useWatch({ control, name: 'comment' });

  // Before the form: a loan not running is "not found", one with an impediment still open says so (the server
  // refuses a second anyway). If the check cannot be made, the form stays.
  usePageData(async (signal) => {
    if (loanId === undefined) return;
    try {
      const allowed = await impedimentAllowed(loanId, signal);
      if (signal.aborted || allowed.canCreate) return;
      setOutcome((current) =>
        current === 'form' ? (allowed.reason === 'alreadyOpen' ? 'alreadyOpen' : 'notFound') : current,
      );
    } catch (error) {
      if (!signal.aborted && isLoanNotFound(error))
        setOutcome((current) => (current === 'form' ? 'notFound' : current));
    }
  });

  const send = async (form: ReasonForm) => {
    if (loanId === undefined) return;
    setFailure(null);
    try {
      await createImpediment(loanId, form);
      setOutcome('sent');
    } catch (error) {
      if (isLoanNotFound(error)) {
        setOutcome('notFound');
        return;
      }
      if (isBusinessError(error, ImpedimentCreatePost)) {
        setFailure(error.errors[0]?.message || TEXT.failed);
        return;
      }
      if (isApiError(error)) {
        const global = globalOutcomeFor(error);
        if (global.kind !== 'passThrough' && global.kind !== 'business') {
          getApiConfig().onGlobalFailure?.(global, error);
        }
      } else {
        console.error('Payment reason: unexpected failure', error);
      }
      setFailure(TEXT.failed);
    }
  };

  const dashboardLink = (
    <Link className="ui-button ui-button--primary" to={buildPath('dashboard')}>
      {TEXT.toDashboard}
    </Link>
  );

  return (
    <section className="page page-payment-reason" aria-labelledby="page-title">
      <h1 id="page-title">{TEXT.title}</h1>
      {outcome === 'notFound' && (
        <div className="payment-reason-outcome" role="alert">
          <h2>{TEXT.notFoundTitle}</h2>
          <p>{TEXT.notFound}</p>
          {dashboardLink}
        </div>
      )}
      {outcome === 'alreadyOpen' && (
        <div className="payment-reason-outcome" role="status">
          <h2>{TEXT.alreadyOpenTitle}</h2>
          <p>{TEXT.alreadyOpen}</p>
          {dashboardLink}
        </div>
      )}
      {outcome === 'sent' && (
        <div className="payment-reason-outcome" role="status">
          <h2>{TEXT.thanksTitle}</h2>
          <p>{TEXT.thanks}</p>
          <p>{TEXT.thanksMeanwhile}</p>
          {dashboardLink}
        </div>
      )}
      {outcome === 'form' && (
        <form className="ui-form payment-reason-form" noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
          <p className="ui-form-intro">{TEXT.intro}</p>
          <fieldset
            className="payment-reason-options"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'payment-reason-error' : undefined}
          >
            <legend className="ui-field-label">{TEXT.reasonLegend}</legend>
            {impedimentReasons.map((reason) => (
              <label key={reason} className="payment-reason-option">
                <input type="radio" value={reason} {...register('reason')} />
                <span>{IMPEDIMENT_REASON_LABELS[reason]}</span>
              </label>
            ))}
            {errors.reason?.message && (
              <p id="payment-reason-error" className="ui-field-error" role="alert">
                {errors.reason.message}
              </p>
            )}
          </fieldset>
          <div className="ui-field payment-reason-comment">
            <label className="ui-field-label" htmlFor="payment-reason-comment">
              {TEXT.comment}
            </label>
            <textarea
              id="payment-reason-comment"
              className="ui-field-input payment-reason-textarea"
              rows={5}
              maxLength={COMMENT_MAX_LENGTH}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby="payment-reason-comment-hint payment-reason-comment-error"
              {...register('comment')}
            />
            <p id="payment-reason-comment-hint" className="ui-field-description">
              {TEXT.commentHint} {formatMessage(TEXT.commentCount, { count: comment.length })}
            </p>
            {errors.comment?.message && (
              <p id="payment-reason-comment-error" className="ui-field-error" role="alert">
                {errors.comment.message}
              </p>
            )}
          </div>
          {failure !== null && (
            <p className="ui-field-error" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" fullWidth isLoading={formState.isSubmitting} loadingLabel={TEXT.sending}>
            {TEXT.submit}
          </Button>
        </form>
      )}
    </section>
  );
}
