import { useId, useState } from 'react';
import type { CommunicationPermissions } from '../../../shared/api/communication.ts';
import { StaffPermissionsPost } from '../../../shared/api/communication-staff.ts';
import { StaffAddressPut, StaffCommunicationPost, type StaffContacts } from '../../../shared/api/customer-staff.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { checkedBody } from '../../lib/field-problem.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { CUSTOMER_TEXTS } from './texts.ts';
import { WRITE_TEXTS } from './texts-writes.ts';

const T = WRITE_TEXTS.contacts;

/** 'Cambiar e-mail' and 'Cambiar dirección' under the contacts, each for the roles of its call. */
export function ContactActions({ contacts, onDone }: { contacts: StaffContacts; onDone: () => void }) {
  const mayEmail = useMayCall(StaffCommunicationPost);
  const mayAddress = useMayCall(StaffAddressPut);
  return (
    <div className="bo-actions">
      {mayEmail && <EditEmail contacts={contacts} onDone={onDone} />}
      {mayAddress && <EditAddress contacts={contacts} onDone={onDone} />}
    </div>
  );
}

function EditEmail({ contacts, onDone }: { contacts: StaffContacts; onDone: () => void }) {
  const id = useId();
  const [email, setEmail] = useState(contacts.email);
  return (
    <ActionButton
      label={T.email}
      title={T.emailTitle}
      confirmLabel={T.confirm}
      reason="required"
      onOpen={() => setEmail(contacts.email)}
      onConfirm={async (reason) => {
        await call(StaffCommunicationPost, {
          params: { customerId: contacts.customerId },
          body: { email: email.trim(), reason: reason ?? '' },
        });
        onDone();
      }}
    >
      <div className="bo-field">
        <label htmlFor={id}>{T.emailField}</label>
        <input id={id} type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </div>
    </ActionButton>
  );
}

const ADDRESS_FIELDS = ['street', 'streetNumber', 'floor', 'postcode', 'city', 'province'] as const;
type AddressDraft = Record<(typeof ADDRESS_FIELDS)[number], string>;
const addressDraft = ({ address }: StaffContacts): AddressDraft => ({
  street: address?.street ?? '',
  streetNumber: address?.streetNumber ?? '',
  floor: address?.floor ?? '',
  postcode: address?.postcode ?? '',
  city: address?.city ?? '',
  province: address?.province ?? '',
});

function EditAddress({ contacts, onDone }: { contacts: StaffContacts; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(() => addressDraft(contacts));
  return (
    <ActionButton
      label={T.address}
      title={T.addressTitle}
      confirmLabel={T.confirm}
      reason="optional"
      onOpen={() => setDraft(addressDraft(contacts))}
      onConfirm={async (reason) => {
        const trimmed = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, draft[name].trim()]));
        const body = checkedBody(
          StaffAddressPut.name,
          StaffAddressPut.body,
          { ...trimmed, floor: trimmed.floor || null, ...(reason === null ? {} : { reason }) },
          WRITE_TEXTS.invalid,
        );
        await call(StaffAddressPut, { params: { customerId: contacts.customerId }, body });
        onDone();
      }}
    >
      {ADDRESS_FIELDS.map((name) => (
        <div className="bo-field" key={name}>
          <label htmlFor={`${id}-${name}`}>{T[name]}</label>
          <input
            id={`${id}-${name}`}
            value={draft[name]}
            onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          />
        </div>
      ))}
    </ActionButton>
  );
}

const CHANNELS = ['allowEmail', 'allowSms', 'allow3CxCalls'] as const satisfies (keyof CommunicationPermissions)[];

/** 'Cambiar permisos': each channel allowed or not, with the reason (`StaffPermissionsPost`). */
export function EditPermissions({
  customerId,
  current,
  onDone,
}: {
  customerId: number;
  current: CommunicationPermissions;
  onDone: () => void;
}) {
  const id = useId();
  const pick = (from: CommunicationPermissions) => ({
    allowEmail: from.allowEmail,
    allowSms: from.allowSms,
    allow3CxCalls: from.allow3CxCalls,
  });
  const [chosen, setChosen] = useState(() => pick(current));
  if (!useMayCall(StaffPermissionsPost)) return null;
  return (
    <div className="bo-actions">
      <ActionButton
        label={T.permissions}
        title={T.permissionsTitle}
        confirmLabel={T.confirm}
        reason="required"
        onOpen={() => setChosen(pick(current))}
        onConfirm={async (reason) => {
          await call(StaffPermissionsPost, { params: { customerId }, body: { ...chosen, reason: reason ?? '' } });
          onDone();
        }}
      >
        {CHANNELS.map((channel) => (
          <div className="bo-check" key={channel}>
            <input
              id={`${id}-${channel}`}
              type="checkbox"
              checked={chosen[channel]}
              onChange={(event) => setChosen({ ...chosen, [channel]: event.target.checked })}
            />
            <label htmlFor={`${id}-${channel}`}>{CUSTOMER_TEXTS.communications.channels[channel]}</label>
          </div>
        ))}
      </ActionButton>
    </div>
  );
}
