import { Link } from 'react-router';
import { flowPath } from '../../../../lib/loan-flow/saved-flow.ts';
import { groupsOfFour } from '../../form-rules.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';
import { AccountSelect } from '../AccountSelect.tsx';
import { Step } from './Step.tsx';

interface AccountStepProps extends StepHeader {
  accounts: ReadonlyArray<{ accountId: number; accountNumber: string; bankValue: string }>;
  value: number | null | undefined;
  onChoose: (accountId: number | null) => void;
  /** 'Añadir nueva cuenta bancaria' (RTB, securityChecked, not blacklisted), keeping the flow's `l`. */
  canAddAccount: boolean;
  flowId: string;
}

/** Step 'Cuenta bancaria': a selector for several accounts, one account read-only, or none yet. */
export function AccountStep({ accounts, value, onChoose, canAddAccount, flowId, ...header }: AccountStepProps) {
  return (
    <Step name="accountId" {...header}>
      {accounts.length > 1 && (
        <AccountSelect
          label={TEXT.accountLabel}
          options={accounts.map((account) => ({
            value: String(account.accountId),
            label: `${account.bankValue} · ${groupsOfFour(account.accountNumber)}`,
          }))}
          value={value ? String(value) : null}
          onChange={(selected) => onChoose(selected ? Number(selected) : null)}
          isRequired
        />
      )}
      {accounts.length === 1 && accounts[0] && (
        <div className="loan-account-readonly">
          <span className="ui-field-label" id="loan-account-label">
            {TEXT.accountLabel}
          </span>
          <p aria-labelledby="loan-account-label">
            {accounts[0].bankValue} ·{' '}
            <span className="loan-account-number">{groupsOfFour(accounts[0].accountNumber)}</span>
          </p>
        </div>
      )}
      {accounts.length === 0 && <p>{TEXT.noAccount}</p>}
      {canAddAccount && (
        <Link className="ui-button ui-button--link" to={flowPath('bankCredentials', flowId)}>
          {TEXT.addBankAccount}
        </Link>
      )}
    </Step>
  );
}
