import { useId, useState } from 'react';
import type { StaffRole } from '../../../shared/api/roles.ts';
import {
  managesRoles,
  PANEL_USER_ROLES,
  PanelUserPost,
  PanelUserPut,
  ResetCamPasswordPost,
  type StaffUser,
} from '../../../shared/api/staff.ts';
import { ROLE_LABELS } from '../../app/texts.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { StaffApiError } from '../../lib/api-error.ts';
import { call } from '../../lib/backoffice-session.ts';
import { checkedBody } from '../../lib/field-problem.ts';
import { useMayCall, useStaffId } from '../../lib/use-may-call.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { STAFF_USERS_TEXTS as T } from './texts.ts';

type PanelRole = (typeof PANEL_USER_ROLES)[number];
type Companies = readonly { id: number; name: string; active?: boolean }[];

/** What a write tells the page: its notice, and the temporary password it answered (shown once). */
export type Done = (notice: string, password?: { name: string; value: string } | null) => void;

function useGivableRoles(): readonly PanelRole[] {
  const role = useStaffSession().session?.staff.role;
  return role ? PANEL_USER_ROLES.filter((r) => managesRoles(role, [r])) : [];
}

const isPanelRole = (role: StaffRole): role is PanelRole => (PANEL_USER_ROLES as readonly string[]).includes(role);

interface Draft {
  email: string;
  fullName: string;
  role: PanelRole;
  companyId: string;
  disabled: boolean;
}

/**
 * The name, the role and, for a collection company's user, its company: the fields both the creation and the change
 * have.
 */
function AccountFields({
  draft,
  setDraft,
  roles,
  companies,
  roleLocked,
}: {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  roles: readonly PanelRole[];
  companies: Companies;
  roleLocked: boolean;
}) {
  const id = useId();
  const active = companies.filter((company) => company.active !== false);
  return (
    <>
      <div className="bo-field">
        <label htmlFor={`${id}-name`}>{T.fullName}</label>
        <input
          id={`${id}-name`}
          autoComplete="off"
          maxLength={200}
          value={draft.fullName}
          onChange={(event) => setDraft({ ...draft, fullName: event.target.value })}
        />
      </div>
      <div className="bo-field">
        <label htmlFor={`${id}-role`}>{T.role}</label>
        <select
          id={`${id}-role`}
          value={draft.role}
          disabled={roleLocked}
          onChange={(event) => setDraft({ ...draft, role: event.target.value as PanelRole })}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      {draft.role === 'collectioncompany' && (
        <div className="bo-field">
          <label htmlFor={`${id}-company`}>{T.companyField}</label>
          {active.length === 0 && <p>{T.noCompanies}</p>}
          <select
            id={`${id}-company`}
            value={draft.companyId}
            onChange={(event) => setDraft({ ...draft, companyId: event.target.value })}
          >
            <option value="">{T.chooseCompany}</option>
            {active.map((company) => (
              <option key={company.id} value={String(company.id)}>
                {company.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}

const companyIdOf = (draft: Draft): number | null =>
  draft.role === 'collectioncompany' && draft.companyId !== '' ? Number(draft.companyId) : null;

/** 'Nueva cuenta': e-mail, name, role (and company); the temporary password it answers goes to the page. */
export function CreateUserButton({ companies, onDone }: { companies: Companies; onDone: Done }) {
  const id = useId();
  const roles = useGivableRoles();
  const mayCreate = useMayCall(PanelUserPost);
  const empty: Draft = { email: '', fullName: '', role: 'cam', companyId: '', disabled: false };
  const [draft, setDraft] = useState<Draft>(empty);
  if (!mayCreate) return null;
  return (
    <ActionButton
      label={T.create}
      title={T.createTitle}
      confirmLabel={T.createConfirm}
      reason="optional"
      onOpen={() => setDraft(empty)}
      onConfirm={async (reason) => {
        const body = checkedBody(
          PanelUserPost.name,
          PanelUserPost.body,
          {
            email: draft.email.trim(),
            fullName: draft.fullName,
            role: draft.role,
            collectionCompanyId: companyIdOf(draft),
            ...(reason === null ? {} : { reason }),
          },
          T.createTitle,
        );
        const { user, temporaryPassword } = await call(PanelUserPost, { body });
        onDone(T.created(user.fullName), { name: user.fullName, value: temporaryPassword });
      }}
    >
      <div className="bo-field">
        <label htmlFor={`${id}-email`}>{T.email}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          maxLength={254}
          value={draft.email}
          onChange={(event) => setDraft({ ...draft, email: event.target.value })}
        />
      </div>
      <AccountFields draft={draft} setDraft={setDraft} roles={roles} companies={companies} roleLocked={false} />
    </ActionButton>
  );
}

/**
 * An account's actions: 'Editar' (name, role, company, disabled), 'Desbloquear' when locked, 'Restablecer
 * contraseña'. An administrator manages agents and collection companies' users only; on one's own account the role
 * and the disabling are not offered (another administrator does it), nor the reset.
 */
export function UserActions({ user, companies, onDone }: { user: StaffUser; companies: Companies; onDone: Done }) {
  const id = useId();
  const me = useStaffId();
  const actorRole = useStaffSession().session?.staff.role;
  const roles = useGivableRoles();
  const mayChange = useMayCall(PanelUserPut);
  const mayReset = useMayCall(ResetCamPasswordPost);
  const current: Draft = {
    email: user.email,
    fullName: user.fullName,
    role: isPanelRole(user.role) ? user.role : 'cam',
    companyId: user.collectionCompanyId === null ? '' : String(user.collectionCompanyId),
    disabled: user.disabled,
  };
  const [draft, setDraft] = useState<Draft>(current);
  const [resetTotp, setResetTotp] = useState(false);
  const own = user.id === me;
  const manages = isPanelRole(user.role) && actorRole !== undefined && managesRoles(actorRole, [user.role]);
  if (!manages) return <span>{T.onlyAllAdmins}</span>;
  const params = { staffUserId: user.id };

  return (
    <div className="bo-row-actions">
      {mayChange && (
        <ActionButton
          label={T.edit}
          title={T.editTitle(user.fullName)}
          confirmLabel={T.editConfirm}
          reason="required"
          onOpen={() => setDraft(current)}
          onConfirm={async (reason) => {
            const changed = {
              ...(draft.fullName.trim() !== user.fullName ? { fullName: draft.fullName } : {}),
              ...(!own && draft.role !== user.role ? { role: draft.role } : {}),
              ...(companyIdOf(draft) !== user.collectionCompanyId ? { collectionCompanyId: companyIdOf(draft) } : {}),
              ...(!own && draft.disabled !== user.disabled ? { disabled: draft.disabled } : {}),
            };
            if (Object.keys(changed).length === 0)
              throw new StaffApiError({ kind: 'business', callName: PanelUserPut.name, message: T.noChange });
            const body = checkedBody(
              PanelUserPut.name,
              PanelUserPut.body,
              { ...changed, reason: reason ?? '' },
              T.editTitle(user.fullName),
            );
            const saved = await call(PanelUserPut, { params, body });
            onDone(T.saved(saved.fullName));
          }}
        >
          <AccountFields draft={draft} setDraft={setDraft} roles={roles} companies={companies} roleLocked={own} />
          {own ? (
            <p>{T.ownAccount}</p>
          ) : (
            <>
              <div className="bo-check">
                <input
                  id={`${id}-disabled`}
                  type="checkbox"
                  checked={draft.disabled}
                  onChange={(event) => setDraft({ ...draft, disabled: event.target.checked })}
                />
                <label htmlFor={`${id}-disabled`}>{T.disabledField}</label>
              </div>
              <p>{T.endsSessions}</p>
            </>
          )}
        </ActionButton>
      )}
      {mayChange && user.locked && (
        <ActionButton
          label={T.unlock}
          title={T.unlockTitle(user.fullName)}
          confirmLabel={T.unlock}
          reason="required"
          onConfirm={async (reason) => {
            const saved = await call(PanelUserPut, { params, body: { locked: false, reason: reason ?? '' } });
            onDone(T.unlocked(saved.fullName));
          }}
        >
          <p>{T.unlockBody}</p>
        </ActionButton>
      )}
      {mayReset && !own && (
        <ActionButton
          label={T.reset}
          title={T.resetTitle(user.fullName)}
          confirmLabel={T.resetConfirm}
          reason="required"
          onOpen={() => setResetTotp(false)}
          onConfirm={async (reason) => {
            const { temporaryPassword } = await call(ResetCamPasswordPost, {
              body: { staffUserId: user.id, resetTotp, reason: reason ?? '' },
            });
            onDone(T.resetDone(user.fullName), { name: user.fullName, value: temporaryPassword });
          }}
        >
          <p>{T.resetBody}</p>
          <div className="bo-check">
            <input
              id={`${id}-totp`}
              type="checkbox"
              checked={resetTotp}
              onChange={(event) => setResetTotp(event.target.checked)}
            />
            <label htmlFor={`${id}-totp`}>{T.resetTotp}</label>
          </div>
        </ActionButton>
      )}
    </div>
  );
}
