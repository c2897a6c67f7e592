import { Button } from '../../../lib/ui/Button.tsx';
import { formatMessage } from '../../../shared/messages.ts';
import { LOGIN_TEXTS } from '../../../shared/messages-identity.ts';
import { AUTH_TEXTS } from '../texts.ts';

export interface WelcomeBackProps {
  firstName: string;
  /** 'Cambiar cuenta': forget the remembered account. */
  onChangeAccount: () => void;
}

/** The welcome-back banner of the login page: the remembered first name and 'Cambiar cuenta'. */
export function WelcomeBack({ firstName, onChangeAccount }: WelcomeBackProps) {
  return (
    <section className="auth-welcome" aria-labelledby="auth-welcome-title">
      <div>
        <h2 id="auth-welcome-title" className="auth-welcome-title">
          {formatMessage(AUTH_TEXTS.welcomeBack, { firstName })}
        </h2>
        <p className="auth-welcome-hint">{AUTH_TEXTS.welcomeBackHint}</p>
      </div>
      <Button variant="link" onPress={onChangeAccount}>
        {LOGIN_TEXTS.changeAccount}
      </Button>
    </section>
  );
}
