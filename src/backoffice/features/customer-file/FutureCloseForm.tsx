import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../lib/ui/Button.tsx';
import { FutureCloseAmountGet, type StaffLoan } from '../../../shared/api/payment-staff.ts';
import { formatDate } from '../../../shared/dates.ts';
import { formatMoney } from '../../../shared/money.ts';
import { messageOf } from '../../lib/api-error.ts';
import { call } from '../../lib/backoffice-session.ts';
import { API_TEXTS } from '../../lib/texts.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { LOAN_READ_TEXTS as T } from './texts-payments.ts';

/**
 * What closes a running loan on a chosen day (`FutureCloseAmountGet`, catalogue `calculateFutureCloseAmount`): the
 * day up to the last instalment's date (the server refuses a day before today, saying why), the answer beside
 * today's; the server's refusal as an alert.
 */
export function FutureCloseForm({ loan }: { loan: StaffLoan }) {
  const id = useId();
  const mayAsk = useMayCall(FutureCloseAmountGet);
  const [date, setDate] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!mayAsk || (loan.status !== 'issued' && loan.status !== 'arranged')) return null;
  const last = loan.installments.reduce((latest, row) => (row.expectedDate > latest ? row.expectedDate : latest), '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAnswer(null);
    setProblem(null);
    if (date === '') return;
    try {
      const found = await call(FutureCloseAmountGet, { params: { loanId: loan.id }, query: { date } });
      setAnswer(T.futureAnswer(formatDate(found.date), formatMoney(found.amount), formatMoney(found.todayAmount)));
    } catch (error) {
      setProblem(messageOf(error, API_TEXTS.network));
    }
  };

  return (
    <form className="bo-filters" aria-label={T.futureTitle(loan.id)} onSubmit={(event) => void submit(event)}>
      <div className="bo-field">
        <label htmlFor={`${id}-date`}>{T.futureDate}</label>
        <input
          id={`${id}-date`}
          type="date"
          max={last}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </div>
      <Button type="submit">{T.futureCalculate}</Button>
      {answer && <p role="status">{answer}</p>}
      {problem && (
        <p role="alert" className="bo-alert">
          {problem}
        </p>
      )}
    </form>
  );
}
