import { Controller, type UseFormTrigger } from 'react-hook-form';
import { Button } from '../../../lib/ui/Button.tsx';
import { TextField } from '../../../lib/ui/TextField.tsx';
import { formatMessage } from '../../../shared/messages.ts';
import { emailSuggestionMessage, suggestEmail } from '../../../shared/validators/email.ts';
import type { SignupFormValues } from '../signup-values.ts';
import { REGISTER_PAGE_TEXTS } from '../texts.ts';
import type { SignupControl } from '../signup-values.ts';

export interface EmailFieldProps {
  control: SignupControl;
  trigger: UseFormTrigger<SignupFormValues>;
  /** The customer says the address is right as typed: the typo check stops rejecting it. */
  onKeepAsTyped: (email: string) => void;
}

/**
 * emailAddress with the shared e-mail rule (first document §5): a likely typo is refused with 'Email no válido
 * (Quizás quisiste decir: …)'. Beside that message the customer can take the suggestion in one press, or keep the
 * address as typed (a real domain the typo check does not know, such as a company's '.co'), which is then only checked
 * for format.
 */
export function EmailField({ control, trigger, onKeepAsTyped }: EmailFieldProps) {
  return (
    <Controller
      control={control}
      name="emailAddress"
      render={({ field, fieldState }) => {
        const suggestion = fieldState.error ? suggestEmail(field.value) : undefined;
        const suggesting = suggestion !== undefined && fieldState.error?.message === emailSuggestionMessage(suggestion);
        return (
          <div className="register-email">
            <TextField
              label={REGISTER_PAGE_TEXTS.emailAddress}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              type="email"
              inputMode="email"
              autoComplete="email"
              isRequired
              errorMessage={fieldState.error?.message}
            />
            {suggesting && (
              <div className="register-email-actions">
                <Button
                  variant="secondary"
                  onPress={() => {
                    field.onChange(suggestion);
                    void trigger('emailAddress');
                  }}
                >
                  {formatMessage(REGISTER_PAGE_TEXTS.useSuggestion, { suggestion })}
                </Button>
                <Button
                  variant="link"
                  onPress={() => {
                    onKeepAsTyped(field.value);
                    void trigger('emailAddress');
                  }}
                >
                  {REGISTER_PAGE_TEXTS.keepEmail}
                </Button>
              </div>
            )}
          </div>
        );
      }}
    />
  );
}
