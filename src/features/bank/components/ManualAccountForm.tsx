import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from 'jotai';
import { useController, useForm } from 'react-hook-form';
import { globalOutcomeFor } from '../../../lib/api/error-catalogue.ts';
import { isApiError, isBusinessError } from '../../../lib/api/errors.ts';
import { refreshMemberDetails } from '../../../lib/session/refresh-member-details.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { TextField } from '../../../lib/ui/TextField.tsx';
import { AddBankAccountManuallyPost } from '../../../shared/api/bank.ts';
import { businessErrorCodes } from '../../../shared/api/business-error-codes.ts';
import { addAccountManually } from '../api/add-account-manually.ts';
import { groupIban, manualAccountSchema, type ManualAccount, type ManualAccountValues } from '../iban-input.ts';
import { BANK_PAGE_TEXTS } from '../texts.ts';

export interface ManualAccountFormProps {
  /** The account holder: the customer (shown read-only). */
  holder: string;
  onLinked: () => Promise<void> | void;
}

/** Codes the server gives about the IBAN itself: shown under the field. */
const fieldCodes = ['InvalidBankAccount', 'BankAccountAlreadyExists', 'BankAccountNotAdded'] as const;

/**
 * Manual account entry (second document §2): the IBAN (`accountNumber`), grouped in fours as it is typed, checked
 * with the shared IBAN rule including the Spanish CCC control digits before it is sent without spaces
 * (AddBankAccountManuallyPost); the holder is the customer, read-only. The server's refusal shows under the field.
 */
export function ManualAccountForm({ holder, onLinked }: ManualAccountFormProps) {
  const store = useStore();
  const { control, handleSubmit, setError, formState } = useForm<ManualAccountValues, unknown, ManualAccount>({
    resolver: zodResolver(manualAccountSchema),
    mode: 'onTouched',
    defaultValues: { accountNumber: '' },
  });
  const { field, fieldState } = useController({ control, name: 'accountNumber' });

  const save = async ({ accountNumber }: ManualAccount) => {
    try {
      await addAccountManually(accountNumber);
    } catch (error) {
      if (isBusinessError(error, AddBankAccountManuallyPost)) {
        const code = fieldCodes.find((known) => error.has(known));
        if (code !== undefined) {
          const message = error.find(code)?.message || businessErrorCodes[code].message;
          setError('accountNumber', { type: 'server', message }, { shouldFocus: true });
          return;
        }
        if (error.has('NotAllowedCustomerStatus')) void refreshMemberDetails(store);
      } else if (isApiError(error) && globalOutcomeFor(error).kind !== 'passThrough') {
        return;
      } else if (!isApiError(error)) {
        console.error('Manual bank account: unexpected failure', error);
      }
      const message = isApiError(error) ? error.errors[0]?.message : undefined;
      await openDialog({ type: 'warning', content: message || BANK_PAGE_TEXTS.unexpected });
      return;
    }
    await onLinked();
  };

  return (
    <form className="ui-form bank-manual-form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      <p>{BANK_PAGE_TEXTS.manualIntro}</p>
      <TextField
        label={BANK_PAGE_TEXTS.iban}
        description={BANK_PAGE_TEXTS.ibanHint}
        name={field.name}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(typed) => field.onChange(groupIban(typed))}
        onBlur={field.onBlur}
        inputRef={field.ref}
        errorMessage={fieldState.error?.message}
        autoComplete="off"
        spellCheck="false"
        isRequired
      />
      <TextField label={BANK_PAGE_TEXTS.holder} name="accountHolder" value={holder} isReadOnly />
      <Button type="submit" fullWidth isLoading={formState.isSubmitting}>
        {BANK_PAGE_TEXTS.addAccount}
      </Button>
    </form>
  );
}
