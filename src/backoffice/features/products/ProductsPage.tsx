import { useId, useState } from 'react';
import { Navigate } from 'react-router';
import {
  LoanDefinitionPost,
  LoanDefinitionPut,
  LoanDefinitionsGet,
  type StaffLoanDefinition,
} from '../../../shared/api/loan-staff.ts';
import { startOfDayInMadrid } from '../../../shared/dates.ts';
import { loanProducts, type LoanProduct } from '../../../shared/loan/loan-definition.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { checkedBody } from '../../lib/field-problem.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { Notice } from '../../lib/Notice.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { useNoticedLoad } from '../../lib/use-noticed-load.ts';
import { PRODUCT_TEXTS as T } from './texts.ts';

const percent = (value: number) => value.toLocaleString('es-ES', { maximumFractionDigits: 2 });

/** A version's price in percent (the basis points of its product's rate). */
const rateOf = ({ definition }: StaffLoanDefinition) =>
  (definition.product === 'mini' ? definition.dailyRateBasisPoints : definition.monthlyRateBasisPoints) / 100;

/**
 * `/productos` (agents and administrators; docs/backoffice.md §8 P3): each product's versions (`LoanDefinitionsGet`),
 * newest first, with their price, the representative example's TAE, from when, their state and the loans they
 * priced; 'Nuevo precio' makes the next version from now or a day (`LoanDefinitionPost`), 'Corregir' changes a
 * planned version that priced no loan (`LoanDefinitionPut`). The list is read again after each.
 */
export function ProductsPage() {
  const mayRead = useMayCall(LoanDefinitionsGet);
  const { load, notice, done } = useNoticedLoad(mayRead ? 'definitions' : null, () => call(LoanDefinitionsGet, {}));
  if (!mayRead) return <Navigate to={PATHS.customers} replace />;
  return (
    <>
      <h1>{T.heading}</h1>
      <p>{T.intro}</p>
      <Notice text={notice} />
      <Loaded load={load} loading={T.loading}>
        {(rows) => (
          <>
            {loanProducts.map((product) => (
              <ProductVersions
                key={product}
                product={product}
                rows={rows.filter((row) => row.definition.product === product)}
                onDone={done}
              />
            ))}
          </>
        )}
      </Loaded>
    </>
  );
}

function ProductVersions({
  product,
  rows,
  onDone,
}: {
  product: LoanProduct;
  rows: StaffLoanDefinition[];
  onDone: (notice: string) => void;
}) {
  const C = T.columns;
  const name = T.products[product];
  const current = rows.find((row) => row.state === 'inForce') ?? rows[0];
  return (
    <section aria-label={name}>
      <h2 className="bo-subheading">{name}</h2>
      {current && (
        <div className="bo-row-actions">
          <VersionDialog product={product} start={current} onDone={onDone} />
        </div>
      )}
      <table className="bo-table" aria-label={T.tableLabel(name)}>
        <thead>
          <tr>
            <th scope="col">{C.version}</th>
            <th scope="col">{C.name}</th>
            <th scope="col">{C.price}</th>
            <th scope="col">{C.tae}</th>
            <th scope="col">{C.validFrom}</th>
            <th scope="col">{C.state}</th>
            <th scope="col">{C.loans}</th>
            <th scope="col">{C.actions}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.definition.id}>
              <th scope="row">{row.definition.version}</th>
              <td>{row.definition.name}</td>
              <td>{T.price[product](percent(rateOf(row)))}</td>
              <td>{T.tae(percent(row.representativeTae))}</td>
              <td>{formatStaffDateTime(row.validFrom)}</td>
              <td>{T.states[row.state]}</td>
              <td>{row.loans}</td>
              <td>
                {row.state === 'planned' && row.loans === 0 && (
                  <VersionDialog product={product} start={row} editing onDone={onDone} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * 'Nuevo precio' (from the version in force) or 'Corregir' (a planned version): the name, the rate in percent and
 * the day it applies from (00:00 in Madrid; empty: now), with the reason.
 */
function VersionDialog({
  product,
  start,
  editing = false,
  onDone,
}: {
  product: LoanProduct;
  start: StaffLoanDefinition;
  editing?: boolean;
  onDone: (notice: string) => void;
}) {
  const id = useId();
  const initial = () => ({
    name: start.definition.name,
    rate: String(rateOf(start)).replace('.', ','),
    from: editing ? start.validFrom.slice(0, 10) : '',
  });
  const [draft, setDraft] = useState(initial);
  const productName = T.products[product];
  return (
    <ActionButton
      label={editing ? T.correct : T.newVersion}
      title={editing ? T.correctTitle(start.definition.version) : T.newTitle(productName)}
      confirmLabel={editing ? T.correctConfirm : T.newConfirm}
      reason="required"
      onOpen={() => setDraft(initial())}
      onConfirm={async (reason) => {
        const fields = {
          name: draft.name,
          ratePercent: draft.rate.trim() === '' ? Number.NaN : Number(draft.rate.replace(',', '.')),
          validFrom: (draft.from === '' ? new Date() : startOfDayInMadrid(draft.from)).toISOString(),
          reason: reason ?? '',
        };
        if (editing) {
          const body = checkedBody(LoanDefinitionPut.name, LoanDefinitionPut.body, fields, T.invalid);
          await call(LoanDefinitionPut, { params: { definitionId: start.definition.id }, body });
          onDone(T.correctedNotice(start.definition.version));
        } else {
          const body = checkedBody(LoanDefinitionPost.name, LoanDefinitionPost.body, { ...fields, product }, T.invalid);
          const created = await call(LoanDefinitionPost, { body });
          onDone(T.created(productName, created.definition.version));
        }
      }}
    >
      {!editing && <p>{T.newText}</p>}
      <div className="bo-field">
        <label htmlFor={`${id}-name`}>{T.name}</label>
        <input
          id={`${id}-name`}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
      </div>
      <div className="bo-field">
        <label htmlFor={`${id}-rate`}>{T.rate[product]}</label>
        <input
          id={`${id}-rate`}
          inputMode="decimal"
          value={draft.rate}
          onChange={(event) => setDraft({ ...draft, rate: event.target.value })}
        />
      </div>
      <div className="bo-field">
        <label htmlFor={`${id}-from`}>{T.from}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </div>
    </ActionButton>
  );
}
