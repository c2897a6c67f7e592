import { mailtoHref, SUPPORT, telHref } from '../content/company.ts';

/** E-mail, phone and opening hours of customer service. */
export function ContactDetails() {
  return (
    <dl className="static-facts">
      <div>
        <dt>Correo electrónico</dt>
        <dd>
          <a href={mailtoHref(SUPPORT.email)}>{SUPPORT.email}</a>
        </dd>
      </div>
      <div>
        <dt>Teléfono</dt>
        <dd>
          <a href={telHref(SUPPORT.phone)}>{SUPPORT.phoneDisplay}</a>
        </dd>
      </div>
      <div>
        <dt>Teléfono gratuito</dt>
        <dd>
          <a href={telHref(SUPPORT.freePhone)}>{SUPPORT.freePhoneDisplay}</a>
        </dd>
      </div>
      <div>
        <dt>Reclamaciones por escrito</dt>
        <dd>{SUPPORT.postalAddress}</dd>
      </div>
      <div>
        <dt>Horario de atención telefónica</dt>
        <dd>{SUPPORT.hours}</dd>
      </div>
    </dl>
  );
}
