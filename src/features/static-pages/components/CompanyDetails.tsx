import { COMPANY, mailtoHref, SUPPORT } from '../content/company.ts';

/** The lender's identification (LSSI art. 10): the company's own data, to be completed where shown in brackets. */
export function CompanyDetails() {
  return (
    <dl className="static-facts">
      <div>
        <dt>Entidad</dt>
        <dd>{COMPANY.legalName}</dd>
      </div>
      <div>
        <dt>CIF</dt>
        <dd>{COMPANY.taxId}</dd>
      </div>
      <div>
        <dt>Domicilio social</dt>
        <dd>{COMPANY.address}</dd>
      </div>
      <div>
        <dt>Inscripción registral</dt>
        <dd>{COMPANY.registry}</dd>
      </div>
      <div>
        <dt>Registro de la actividad</dt>
        <dd>{COMPANY.lenderRegistry}</dd>
      </div>
      <div>
        <dt>Correo electrónico</dt>
        <dd>
          <a href={mailtoHref(SUPPORT.email)}>{SUPPORT.email}</a>
        </dd>
      </div>
    </dl>
  );
}
