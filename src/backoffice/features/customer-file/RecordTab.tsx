import { useId, useState } from 'react';
import { StaffCustomerGet, StaffCustomerPut, type StaffCustomer } from '../../../shared/api/customer-staff.ts';
import { ADMINS } from '../../../shared/api/roles.ts';
import { formatDate } from '../../../shared/dates.ts';
import { customerGenders, type CustomerGender } from '../../../shared/statuses.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { checkedBody } from '../../lib/field-problem.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { RecordList } from '../../lib/RecordList.tsx';
import { useMayCall } from '../../lib/use-may-call.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { WRITE_TEXTS } from './texts-writes.ts';
import { useReloadableLoad } from './use-reload.ts';

const T = WRITE_TEXTS.record;
const genderText = (gender: string | null) =>
  gender === null ? T.none : (WRITE_TEXTS.genders[gender as CustomerGender] ?? gender);

/**
 * 'Datos': the customer's identity (`StaffCustomerGet`) and, for the roles of `StaffCustomerPut`, 'Editar datos'
 * (only the fields changed are sent; the DNI/NIE and the birth date only to administrators, as the server rules).
 */
export function RecordTab({ customerId }: { customerId: number }) {
  const { load, reload } = useReloadableLoad(String(customerId), () =>
    call(StaffCustomerGet, { params: { customerId } }),
  );
  const mayEdit = useMayCall(StaffCustomerPut);
  return (
    <Loaded load={load} loading={T.loading}>
      {(customer) => (
        <>
          <RecordList
            rows={[
              [T.firstName, customer.firstName],
              [T.lastName, customer.lastName],
              [T.gender, genderText(customer.gender)],
              [T.nationalId, customer.nationalId],
              [T.birthDate, formatDate(customer.birthDate)],
            ]}
          />
          {mayEdit && <EditRecord customer={customer} onDone={reload} />}
        </>
      )}
    </Loaded>
  );
}

type Draft = Pick<StaffCustomer, 'firstName' | 'lastName' | 'nationalId' | 'birthDate'> & { gender: string };
const draftOf = (customer: StaffCustomer): Draft => ({
  firstName: customer.firstName,
  lastName: customer.lastName,
  gender: customer.gender ?? '',
  nationalId: customer.nationalId,
  birthDate: customer.birthDate,
});

function EditRecord({ customer, onDone }: { customer: StaffCustomer; onDone: () => void }) {
  const id = useId();
  const role = useStaffSession().session?.staff.role;
  const isAdmin = role !== undefined && (ADMINS as readonly string[]).includes(role);
  const [draft, setDraft] = useState<Draft>(() => draftOf(customer));
  const field = (name: keyof Draft, label: string, type = 'text') => (
    <div className="bo-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  const before = draftOf(customer);
  const changed = (Object.keys(draft) as (keyof Draft)[]).filter(
    (name) => draft[name] !== before[name] && (isAdmin || (name !== 'nationalId' && name !== 'birthDate')),
  );
  return (
    <ActionButton
      label={T.edit}
      title={T.title}
      confirmLabel={T.confirm}
      reason="optional"
      onOpen={() => setDraft(draftOf(customer))}
      onConfirm={async (reason) => {
        const fields = Object.fromEntries(
          changed.map((name) => [name, name === 'gender' ? draft.gender || null : draft[name].trim()]),
        );
        const body = checkedBody(
          StaffCustomerPut.name,
          StaffCustomerPut.body,
          { ...fields, ...(reason === null ? {} : { reason }) },
          WRITE_TEXTS.invalid,
        );
        await call(StaffCustomerPut, { params: { customerId: customer.id }, body });
        onDone();
      }}
    >
      {field('firstName', T.firstName)}
      {field('lastName', T.lastName)}
      <div className="bo-field">
        <label htmlFor={`${id}-gender`}>{T.gender}</label>
        <select
          id={`${id}-gender`}
          value={draft.gender}
          onChange={(event) => setDraft({ ...draft, gender: event.target.value })}
        >
          <option value="">{T.none}</option>
          {customerGenders.map((gender) => (
            <option key={gender} value={gender}>
              {WRITE_TEXTS.genders[gender]}
            </option>
          ))}
        </select>
      </div>
      {isAdmin ? (
        <>
          {field('nationalId', T.nationalId)}
          {field('birthDate', T.birthDate, 'date')}
        </>
      ) : (
        <p>{T.adminOnly}</p>
      )}
    </ActionButton>
  );
}
