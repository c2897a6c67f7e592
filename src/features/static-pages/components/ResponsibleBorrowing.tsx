import { Link } from 'react-router';
import { buildPath } from '../../../shared/routes/paths.ts';
import { mailtoHref, SUPPORT, telHref } from '../content/company.ts';

/** The responsible-borrowing notice of the loan pages. */
export function ResponsibleBorrowing() {
  return (
    <aside className="static-notice" aria-labelledby="responsible-borrowing-title">
      <h2 id="responsible-borrowing-title">Pide prestado de forma responsable</h2>
      <ul>
        <li>
          Un préstamo rápido tiene un coste alto. Úsalo para un gasto puntual e imprevisto, no para cubrir gastos fijos
          de cada mes ni para devolver otras deudas.
        </li>
        <li>
          Pide solo lo que necesitas y calcula antes si podrás pagar cada cuota sin dejar de atender tus gastos básicos.
        </li>
        <li>
          Lee la información precontractual y el contrato antes de firmar: en ellos están el importe total que pagarás y
          la TAE.
        </li>
        <li>
          Si ves que no vas a poder pagar una cuota, avísanos antes de la fecha de pago en{' '}
          <a href={mailtoHref(SUPPORT.email)}>{SUPPORT.email}</a> o en el{' '}
          <a href={telHref(SUPPORT.phone)}>{SUPPORT.phoneDisplay}</a>: buscaremos contigo una solución. Más información
          en las <Link to={buildPath('faq')}>preguntas frecuentes</Link>.
        </li>
      </ul>
    </aside>
  );
}
