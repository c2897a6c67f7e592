import { useState } from 'react';
import { Button } from '../../lib/ui/Button.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { Switch } from '../../lib/ui/Switch.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import type { CommunicationPermissions, PermissionHistoryItem } from '../../shared/api/communication.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMessage } from '../../shared/messages.ts';
import { getPermissionHistory } from './api/get-permission-history.ts';
import { getPermissions } from './api/get-permissions.ts';
import { savePermissions } from './api/save-permissions.ts';
import { ACCOUNT_TEXTS as TEXT } from './texts.ts';

const FLAGS = [
  'allowEmail',
  'allowSms',
  'allow3CxCalls',
] as const satisfies readonly (keyof CommunicationPermissions)[];

const yesNo = (value: boolean) => (value ? TEXT.yes : TEXT.no);

function changedByLabel(changedBy: string): string {
  if (changedBy === 'customer') return TEXT.changedBy.customer;
  if (changedBy === 'system') return TEXT.changedBy.system;
  return TEXT.changedBy.staff;
}

/** One line of the permission history: when, the three values after the change, and who made it. */
export function historyEntry(item: PermissionHistoryItem): string {
  return formatMessage(TEXT.historyEntry, {
    date: formatDateTime(item.createdDate),
    email: yesNo(item.allowEmail),
    sms: yesNo(item.allowSms),
    calls: yesNo(item.allow3CxCalls),
    by: changedByLabel(item.changedBy),
  });
}

/**
 * The communication permissions (second document §3, §7.1, §8): allowEmail, allowSms and allow3CxCalls as switches.
 * Each change saves the three with UpdateCommunicationPermissionPost → 'Los cambios se han guardado.' and reloads
 * the history (PermissionHistoryGet, newest first, with its date and time). While a change is saved the switches
 * are read-only; a failed save (shown by the global handling) puts the switch back.
 */
export function PermissionsSection({ customerId }: { readonly customerId: number }) {
  const { load, retry, setLoad } = usePageData((signal) => getPermissions(customerId, signal));
  const [saving, setSaving] = useState(false);

  if (load.kind === 'loading') return <Spinner />;
  if (load.kind === 'failed' || load.value.permissions === null) {
    return (
      <div role="alert">
        <p>{TEXT.permissionsUnavailable}</p>
        <Button variant="secondary" onPress={retry}>
          {TEXT.retry}
        </Button>
      </div>
    );
  }
  const { permissions, history } = load.value;

  const change = async (flag: (typeof FLAGS)[number], value: boolean) => {
    const next: CommunicationPermissions = { ...permissions, [flag]: value };
    setSaving(true);
    try {
      await savePermissions(next);
    } catch {
      // The global handling has said why; the switches keep the saved values.
      setSaving(false);
      return;
    }
    setLoad((current) =>
      current.kind === 'ready' ? { kind: 'ready', value: { ...current.value, permissions: next } } : current,
    );
    setSaving(false);
    showToast({ alertType: 'success', content: TEXT.permissionsSaved });
    const fresh = await getPermissionHistory().catch(() => null);
    if (fresh)
      setLoad((current) =>
        current.kind === 'ready' ? { kind: 'ready', value: { ...current.value, history: fresh } } : current,
      );
  };

  return (
    <>
      <p>{TEXT.permissionsIntro}</p>
      <div className="account-permissions">
        {FLAGS.map((flag) => (
          <Switch
            key={flag}
            name={flag}
            isSelected={permissions[flag]}
            isReadOnly={saving}
            onChange={(value) => void change(flag, value)}
          >
            {TEXT[flag]}
          </Switch>
        ))}
      </div>
      <h3>{TEXT.history}</h3>
      {history.length === 0 ? (
        <p>{TEXT.historyEmpty}</p>
      ) : (
        <ul className="account-permission-history" aria-label={TEXT.history}>
          {history.map((item, index) => (
            <li key={`${item.createdDate}-${index}`}>{historyEntry(item)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
