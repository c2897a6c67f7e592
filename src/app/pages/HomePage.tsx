import { Link } from 'react-router';
import { ZERO_INTEREST_FIRST_LOAN_MAX_EUROS } from '../../shared/constants.ts';
import { SHELL_MESSAGES } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes.ts';
import { useLoanCtaDestination } from '../shell/use-loan-cta.ts';
import { SHELL_TEXTS } from '../texts.ts';

/**
 * The home page's hero, how-it-works steps and requirements (first document §2, second document §2). The calculator
 * and the phone form come with the visitor issue.
 */
export default function HomePage() {
  const loanCta = useLoanCtaDestination();
  return (
    <div className="page page-home">
      <section className="hero" aria-labelledby="page-title">
        <h1 id="page-title">{SHELL_MESSAGES.homeTitle}</h1>
        <p className="hero-lead">
          Tu primer préstamo de hasta {ZERO_INTEREST_FIRST_LOAN_MAX_EUROS}€ al 0%: sin intereses ni comisiones si lo
          devuelves a tiempo.
        </p>
        <Link className="ui-button ui-button--primary button-large" to={loanCta}>
          {SHELL_TEXTS.loanCta}
        </Link>
      </section>
      <section aria-labelledby="steps-title">
        <h2 id="steps-title">Cómo funciona</h2>
        <ol className="steps">
          <li>
            <h3>Elige tu préstamo</h3>
            <p>Elige cuánto dinero necesitas y en cuántas cuotas quieres devolverlo.</p>
          </li>
          <li>
            <h3>Envía tus datos</h3>
            <p>Envía tus datos personales y bancarios desde el móvil, en pocos minutos.</p>
          </li>
          <li>
            <h3>Recibe el dinero</h3>
            <p>Te transferimos el dinero 10 minutos después de aprobar tu solicitud.</p>
          </li>
        </ol>
      </section>
      <section aria-labelledby="requirements-title">
        <h2 id="requirements-title">Requisitos</h2>
        <ul className="requirements">
          <li>Tener un teléfono móvil para recibir tu código de acceso.</li>
          <li>Tener una cuenta bancaria vinculada a una tarjeta de débito o crédito.</li>
          <li>Ser mayor de 18 años.</li>
          <li>Residir en España con un DNI o NIE válido.</li>
        </ul>
        <p>
          <Link to={buildPath('howItWorks')}>Más sobre cómo funciona</Link>
        </p>
      </section>
    </div>
  );
}
