import { useState, type FormEvent } from 'react';
import { isApiError, isBusinessError } from '../../../lib/api/errors.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { Checkbox } from '../../../lib/ui/Checkbox.tsx';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { FullScreenIframeModal } from '../../../lib/ui/FullScreenIframeModal.tsx';
import { Select } from '../../../lib/ui/Select.tsx';
import { WidgetInitPost, type OpenBankingWidgetMessage } from '../../../shared/api/bank.ts';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages.ts';
import { BANK_TEXTS, WIDGET_MESSAGES } from '../../../shared/messages-loan.ts';
import { initWidget } from '../api/init-widget.ts';
import { bankOptions, providerOfBank, widgetBankCode } from '../banks.ts';
import { BANK_PAGE_TEXTS } from '../texts.ts';
import { useWidgetMessages } from '../use-widget-messages.ts';

export interface ConnectBankFormProps {
  /** The widget says the customer finished the bank's login: poll this scrape session. */
  onCompleted: (sessionId: string) => void;
}

interface OpenWidget {
  readonly widgetUrl: string;
  readonly sessionId: string;
}

const warn = (content: string) => void openDialog({ type: 'warning', content });

/**
 * 'Identifica tu banco' (second document §2): the customer chooses their bank (which picks one of the two providers)
 * and accepts the connection terms; 'Siguiente' starts the provider's widget (WidgetInitPost) in a full-screen
 * iframe modal, opened at the chosen bank's login. The widget's messages are accepted from its own origin only:
 * `completed` and `error` hand the session on (the page polls its status), `cancelled` just closes.
 */
export function ConnectBankForm({ onCompleted }: ConnectBankFormProps) {
  const [bankId, setBankId] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>(undefined);
  const [starting, setStarting] = useState(false);
  const [widget, setWidget] = useState<OpenWidget | null>(null);

  const bankError = submitted && bankId === null ? VALIDATION_MESSAGES.required : undefined;

  // 'completed' and 'error' both hand the session to the page: its status says what happened (an ended session is
  // sessionFailed, whose §8 message the page shows, and counts towards WidgetAccountBlocked). The widget has already
  // said why inside (wrong credentials, no attempts left).
  useWidgetMessages(widget, (message: OpenBankingWidgetMessage) => {
    setWidget(null);
    if (message.type !== 'cancelled') onCompleted(message.sessionId);
  });

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const provider = bankId === null ? undefined : providerOfBank(bankId);
    if (!accepted) setTermsError(WIDGET_MESSAGES.mustAcceptTerms);
    if (provider === undefined || !accepted) return;
    setStarting(true);
    try {
      const started = await initWidget(provider, accepted, bankId === null ? undefined : widgetBankCode(bankId));
      setWidget({ widgetUrl: started.widgetUrl, sessionId: started.sessionId });
    } catch (error) {
      if (isBusinessError(error, WidgetInitPost)) {
        if (error.has('TermsNotAccepted')) setTermsError(WIDGET_MESSAGES.mustAcceptTerms);
        else if (error.has('WidgetAccountBlocked')) warn(WIDGET_MESSAGES.accountBlocked);
        else if (error.has('WidgetUnavailable')) warn(WIDGET_MESSAGES.noWidgetUrl);
        else warn(error.errors[0]?.message || WIDGET_MESSAGES.noWidgetUrl);
      } else if (isApiError(error) && error.kind === 'invalidResponse') {
        warn(WIDGET_MESSAGES.noWidgetUrl);
      } else if (!isApiError(error)) {
        console.error('Bank widget: unexpected failure', error);
        warn(WIDGET_MESSAGES.noWidgetUrl);
      }
    } finally {
      setStarting(false);
    }
  };

  return (
    <form className="ui-form bank-connect-form" noValidate onSubmit={(event) => void start(event)}>
      <p>{BANK_PAGE_TEXTS.connectIntro}</p>
      <Select
        label={BANK_PAGE_TEXTS.bank}
        name="bank"
        options={bankOptions}
        value={bankId}
        onChange={setBankId}
        isRequired
        errorMessage={bankError}
      />
      <Checkbox
        name="acceptTerms"
        isSelected={accepted}
        onChange={(selected) => {
          setAccepted(selected);
          if (selected) setTermsError(undefined);
        }}
        errorMessage={termsError}
      >
        {BANK_PAGE_TEXTS.acceptTerms}
      </Checkbox>
      <Button type="submit" fullWidth isLoading={starting}>
        {BANK_TEXTS.next}
      </Button>
      {widget && (
        <FullScreenIframeModal
          title={BANK_PAGE_TEXTS.widgetTitle}
          src={widget.widgetUrl}
          onClose={() => setWidget(null)}
        />
      )}
    </form>
  );
}
