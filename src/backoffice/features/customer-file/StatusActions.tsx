import { useId, useState } from 'react';
import {
  BlacklistPost,
  CustomerStatusPost,
  CustomerSubStatusPost,
  SoftDeleteAndBlacklistPost,
  type CustomerStatusChange,
  type StaffCustomer,
} from '../../../shared/api/customer-staff.ts';
import {
  customerSubStatuses,
  STAFF_STATUS_MOVES,
  type CustomerStatus,
  type CustomerSubStatus,
} from '../../../shared/statuses.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { CUSTOMER_STATUS_LABELS } from '../../lib/status-labels.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { WRITE_TEXTS } from './texts-writes.ts';

const T = WRITE_TEXTS.status;

/**
 * The statuses a staff member may move the customer to from `current` (`STAFF_STATUS_MOVES`); the way back from
 * `fraud` is the status before it, read from the newest change into `fraud` (none when the page does not show it).
 */
export function statusTargets(current: CustomerStatus, changes: readonly CustomerStatusChange[]): CustomerStatus[] {
  const beforeFraud = changes.find((change) => change.to === 'fraud')?.from ?? null;
  return STAFF_STATUS_MOVES.flatMap((move) => {
    if (!(move.from as readonly CustomerStatus[]).includes(current)) return [];
    if (move.to !== 'previous') return [move.to];
    return beforeFraud === null ? [] : [beforeFraud];
  });
}

interface StatusActionsProps {
  customer: StaffCustomer;
  status: CustomerStatus;
  changes: readonly CustomerStatusChange[];
  onDone: () => void;
}

/** The status tab's writes, each shown only to the roles of its call: status, sub-status, blacklist, soft delete. */
export function StatusActions({ customer, status, changes, onDone }: StatusActionsProps) {
  const mayMove = useMayCall(CustomerStatusPost);
  const maySub = useMayCall(CustomerSubStatusPost);
  const mayBlacklist = useMayCall(BlacklistPost);
  const mayDelete = useMayCall(SoftDeleteAndBlacklistPost);
  const customerId = customer.id;
  const targets = statusTargets(status, changes);
  return (
    <section aria-labelledby="status-actions">
      <h2 id="status-actions" className="bo-subheading">
        {T.actionsHeading}
      </h2>
      <p>
        {T.subStatusNow} <strong>{WRITE_TEXTS.subStatuses[customer.subStatus ?? 'none']}</strong>. {T.blacklistNow}{' '}
        <strong>{customer.isBlacklist ? T.yes : T.no}</strong>.
      </p>
      <div className="bo-actions">
        {mayMove && (targets.length === 0 ? <p>{T.noMoves}</p> : <MoveStatus {...{ customerId, targets, onDone }} />)}
        {maySub && <SubStatus customerId={customerId} current={customer.subStatus} onDone={onDone} />}
        {mayBlacklist && (
          <ActionButton
            label={customer.isBlacklist ? T.blacklistOff : T.blacklistOn}
            title={customer.isBlacklist ? T.blacklistOffTitle : T.blacklistOnTitle}
            confirmLabel={customer.isBlacklist ? T.blacklistOff : T.blacklistOn}
            reason="required"
            tone={customer.isBlacklist ? 'default' : 'danger'}
            onConfirm={async (reason) => {
              await call(BlacklistPost, {
                body: { customerId, isBlacklist: !customer.isBlacklist, reason: reason ?? '' },
              });
              onDone();
            }}
          >
            {!customer.isBlacklist && <p>{T.blacklistOnText}</p>}
          </ActionButton>
        )}
        {mayDelete && status !== 'closed' && (
          <ActionButton
            label={T.softDelete}
            title={T.softDeleteTitle}
            confirmLabel={T.softDelete}
            reason="required"
            tone="danger"
            onConfirm={async (reason) => {
              await call(SoftDeleteAndBlacklistPost, { params: { customerId }, body: { reason: reason ?? '' } });
              onDone();
            }}
          >
            <p>{T.softDeleteText}</p>
          </ActionButton>
        )}
      </div>
    </section>
  );
}

function MoveStatus({
  customerId,
  targets,
  onDone,
}: {
  customerId: number;
  targets: CustomerStatus[];
  onDone: () => void;
}) {
  const id = useId();
  const [target, setTarget] = useState<CustomerStatus>(targets[0] ?? 'fraud');
  return (
    <ActionButton
      label={T.move}
      title={T.moveTitle}
      confirmLabel={T.moveConfirm}
      reason="required"
      onOpen={() => setTarget(targets[0] ?? 'fraud')}
      onConfirm={async (reason) => {
        await call(CustomerStatusPost, { body: { customerId, status: target, reason: reason ?? '' } });
        onDone();
      }}
    >
      <div className="bo-field">
        <label htmlFor={id}>{T.target}</label>
        <select id={id} value={target} onChange={(event) => setTarget(event.target.value as CustomerStatus)}>
          {targets.map((status) => (
            <option key={status} value={status}>
              {CUSTOMER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
    </ActionButton>
  );
}

function SubStatus({
  customerId,
  current,
  onDone,
}: {
  customerId: number;
  current: CustomerSubStatus | null;
  onDone: () => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<CustomerSubStatus | 'none'>(current ?? 'none');
  return (
    <ActionButton
      label={T.subStatus}
      title={T.subStatusTitle}
      confirmLabel={T.subStatus}
      reason="required"
      onOpen={() => setChosen(current ?? 'none')}
      onConfirm={async (reason) => {
        const subStatus = chosen === 'none' ? null : chosen;
        await call(CustomerSubStatusPost, { body: { customerId, subStatus, reason: reason ?? '' } });
        onDone();
      }}
    >
      <div className="bo-field">
        <label htmlFor={id}>{T.subStatusField}</label>
        <select
          id={id}
          value={chosen}
          onChange={(event) => setChosen(event.target.value as CustomerSubStatus | 'none')}
        >
          {(['none', ...customerSubStatuses] as const).map((value) => (
            <option key={value} value={value}>
              {WRITE_TEXTS.subStatuses[value]}
            </option>
          ))}
        </select>
      </div>
    </ActionButton>
  );
}
