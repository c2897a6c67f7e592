import { useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components/Disclosure';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { changedByLabel } from '../../lib/status-labels.ts';
import { useLoad } from '../../lib/use-load.ts';
import { CUSTOMER_TEXTS } from './texts.ts';

const T = CUSTOMER_TEXTS.statusChanges;

/** One change of a status as the history tables keep it (customer, loan or card): when, from, to, who, why. */
export interface StatusChange<S extends string> {
  id: number;
  at: string;
  from: S | null;
  to: S;
  changedBy: string;
  reason: string | null;
}

/** A status history as a table: the statuses in Spanish (`labels`), who changed it in words (`changedByLabel`). */
export function StatusChangesTable<S extends string>({
  label,
  changes,
  labels,
}: {
  label: string;
  changes: readonly StatusChange<S>[];
  labels: Readonly<Record<S, string>>;
}) {
  return (
    <Table aria-label={label} className="bo-table">
      <TableHeader>
        <Column isRowHeader>{T.columns.at}</Column>
        <Column>{T.columns.from}</Column>
        <Column>{T.columns.to}</Column>
        <Column>{T.columns.by}</Column>
        <Column>{T.columns.reason}</Column>
      </TableHeader>
      <TableBody items={changes}>
        {(change) => (
          <Row id={change.id}>
            <Cell>{formatStaffDateTime(change.at)}</Cell>
            <Cell>{change.from === null ? T.none : labels[change.from]}</Cell>
            <Cell>{labels[change.to]}</Cell>
            <Cell>{changedByLabel(change.changedBy)}</Cell>
            <Cell>{change.reason ?? T.none}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

/** An entry of a loan's or card's history (`statusHistoryEntrySchema`), as the table above reads it. */
export const changeOf = <S extends string>(entry: {
  id: number;
  at: string;
  fromStatus: S | null;
  toStatus: S;
  changedBy: string;
  reason: string | null;
}): StatusChange<S> => ({ ...entry, from: entry.fromStatus, to: entry.toStatus });

/**
 * 'Ver historial' of one loan or card: a disclosure whose panel reads the history (`read`) the first time it opens,
 * newest first, as a table named `title`.
 */
export function StatusHistoryDisclosure<S extends string>({
  title,
  readKey,
  read,
  labels,
}: {
  title: string;
  /** What the history is of (the loan's or card's id): a new key reads again. */
  readKey: string;
  read: () => Promise<readonly StatusChange<S>[]>;
  labels: Readonly<Record<S, string>>;
}) {
  const [opened, setOpened] = useState(false);
  const history = useLoad(opened ? readKey : null, read);
  return (
    <Disclosure className="bo-disclosure" onExpandedChange={(expanded) => expanded && setOpened(true)}>
      <Heading level={3} className="bo-disclosure-heading">
        <Button slot="trigger" className="bo-disclosure-trigger">
          {T.show(title)}
        </Button>
      </Heading>
      <DisclosurePanel>
        <Loaded load={history} loading={T.loading}>
          {(changes) =>
            changes.length === 0 ? (
              <p>{T.empty}</p>
            ) : (
              <StatusChangesTable label={title} changes={changes} labels={labels} />
            )
          }
        </Loaded>
      </DisclosurePanel>
    </Disclosure>
  );
}
