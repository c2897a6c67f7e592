import { useId, useState } from 'react';
import { CreditLimitProposalPost, ProposalsGet, type CreditLimitProposal } from '../../../shared/api/approvals.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { checkedBody } from '../../lib/field-problem.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { useMayCall } from '../../lib/use-may-call.ts';
import { WRITE_TEXTS } from './texts-writes.ts';
import { useReloadableLoad } from './use-reload.ts';

const T = WRITE_TEXTS.limit;
const euros = (cents: number) => String(cents / 100);

/**
 * For administrators: the customer's pending limit proposal, if any (read from the inbox's pending ones), and
 * 'Proponer cambio de límite' (`CreditLimitProposalPost`; nothing changes until another administrator approves).
 */
export function LimitProposal({ customerId, limits }: { customerId: number; limits: CreditLimitProposal['current'] }) {
  const mayPropose = useMayCall(CreditLimitProposalPost);
  const mayRead = useMayCall(ProposalsGet);
  const pending = useReloadableLoad(mayRead ? `pending-${customerId}` : null, () =>
    call(ProposalsGet, { query: { status: 'pending', page: 1, pageSize: 100 } }),
  );
  if (!mayPropose) return null;
  return (
    <div>
      <Loaded load={pending.load} loading={T.pendingLoading}>
        {(page) => {
          const mine = page.items.find(
            (proposal): proposal is CreditLimitProposal =>
              proposal.kind === 'creditLimitChange' && proposal.customerId === customerId,
          );
          return mine ? (
            <>
              <h2 className="bo-subheading">{T.pendingHeading}</h2>
              <p>
                {T.pending(
                  mine.id,
                  mine.proposedBy.fullName,
                  formatMoney(mine.proposed.limit),
                  formatMoney(mine.proposed.miniLimit),
                )}
              </p>
            </>
          ) : (
            <div className="bo-actions">
              <ProposeLimit customerId={customerId} limits={limits} onDone={pending.reload} />
            </div>
          );
        }}
      </Loaded>
    </div>
  );
}

function ProposeLimit({
  customerId,
  limits,
  onDone,
}: {
  customerId: number;
  limits: CreditLimitProposal['current'];
  onDone: () => void;
}) {
  const id = useId();
  const start = () => ({ limit: euros(limits.limit), miniLimit: euros(limits.miniLimit) });
  const [draft, setDraft] = useState(start);
  const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));
  return (
    <ActionButton
      label={T.propose}
      title={T.title}
      confirmLabel={T.confirm}
      reason="required"
      onOpen={() => setDraft(start())}
      onConfirm={async (reason) => {
        const body = checkedBody(
          CreditLimitProposalPost.name,
          CreditLimitProposalPost.body,
          { limit: amount(draft.limit), miniLimit: amount(draft.miniLimit), reason },
          WRITE_TEXTS.invalid,
        );
        await call(CreditLimitProposalPost, { params: { customerId }, body });
        onDone();
      }}
    >
      <p>{T.text}</p>
      {(['limit', 'miniLimit'] as const).map((name) => (
        <div className="bo-field" key={name}>
          <label htmlFor={`${id}-${name}`}>{T[name]}</label>
          <input
            id={`${id}-${name}`}
            inputMode="decimal"
            value={draft[name]}
            onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          />
        </div>
      ))}
    </ActionButton>
  );
}
