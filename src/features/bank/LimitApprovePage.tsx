import { useNavigate } from 'react-router';
import { getAvailableLimit } from '../../lib/api/calls/credit-limit.ts';
import { getCustomer } from '../../lib/api/calls/customer.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { useSession } from '../../lib/session/session.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney, type Cents } from '../../shared/money.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { LOAN_FLOW_QUERY, routes } from '../../shared/routes/table.ts';
import type { CustomerStatus } from '../../shared/statuses.ts';
import { LIMIT_TEXTS } from './texts.ts';
import { useLoanFlowId } from './use-account-linked.ts';
import './bank.css';

type Loaded = { readonly kind: 'loaded'; readonly limit: Cents; readonly isRtb: boolean };
type State = { readonly kind: 'loading' } | { readonly kind: 'failed' } | Loaded;

/** Without CustomerGet's isRtb, a customer past their first decision (securityChecked or later) is a returning one. */
const rtbByStatus = (status: CustomerStatus | null): boolean => status !== null && status !== 'systemApproved';

/**
 * CreditLimitGet's limit and CustomerGet's isRtb. The page works without isRtb (it is then read from the status), so
 * CustomerGet's failures are not shown.
 */
async function loadLimit(status: CustomerStatus | null, signal: AbortSignal): Promise<Loaded> {
  const [limit, isRtb] = await Promise.all([
    getAvailableLimit(signal),
    getCustomer(signal).then(
      (customer) => customer.isRtb,
      () => undefined,
    ),
  ]);
  return { kind: 'loaded', limit, isRtb: isRtb ?? rtbByStatus(status) };
}

/**
 * The credit limit (`loanRequestLimitApprove`, /loan-request/limit-approve; second document §1, §2): the limit from
 * CreditLimitGet, with a congratulation for a first-time customer (FTB) or, for a returning one (RTB), the limit that
 * grew as they repaid; 'Siguiente' goes on to the loan request, keeping `l`.
 */
export default function LimitApprovePage() {
  const navigate = useNavigate();
  const { status } = useSession();
  const loanFlowId = useLoanFlowId();
  // Each attempt loads the limit once; 'Reintentar' starts another. The status is read when a load starts.
  const { load, retry } = usePageData((signal) => loadLimit(status, signal));
  const state: State = load.kind === 'ready' ? load.value : load;

  const next = () => navigate(buildPath('loanRequest', {}, { [LOAN_FLOW_QUERY]: loanFlowId }));

  return (
    <section className="page page-limit-approve" aria-labelledby="page-title">
      <h1 id="page-title">{routes.loanRequestLimitApprove.title}</h1>
      {state.kind === 'loading' && <Spinner size="large" />}
      {state.kind === 'failed' && (
        <div role="alert">
          <p>{LIMIT_TEXTS.loadFailed}</p>
          <Button variant="secondary" onPress={retry}>
            {LIMIT_TEXTS.retry}
          </Button>
        </div>
      )}
      {state.kind === 'loaded' && (
        <div className="limit-card">
          <h2 id="limit-title">{state.isRtb ? LIMIT_TEXTS.rtbTitle : LIMIT_TEXTS.ftbTitle}</h2>
          <p className="limit-amount-label" id="limit-amount-label">
            {LIMIT_TEXTS.limitLabel}
          </p>
          <p className="limit-amount" aria-describedby="limit-amount-label" data-testid="credit-limit">
            {formatMoney(state.limit)}
          </p>
          <p>
            {formatMessage(state.isRtb ? LIMIT_TEXTS.rtbLead : LIMIT_TEXTS.ftbLead, {
              limit: formatMoney(state.limit),
            })}
          </p>
          <p>{state.isRtb ? LIMIT_TEXTS.rtbBody : LIMIT_TEXTS.ftbBody}</p>
          <Button fullWidth onPress={next}>
            {LIMIT_TEXTS.next}
          </Button>
        </div>
      )}
    </section>
  );
}
