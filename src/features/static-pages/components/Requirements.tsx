import { productFacts } from '../product-facts.ts';

/** The four requirements (second document §1, requirements section), with the signup age rule (first doc §5). */
export function Requirements() {
  return (
    <ul className="static-checklist">
      <li>Tener un teléfono móvil en el que recibir tu código de acceso por SMS.</li>
      <li>Tener una cuenta bancaria vinculada a una tarjeta de débito o de crédito.</li>
      <li>
        Ser mayor de {productFacts.minAge} años (al registrarte debes tener entre {productFacts.minAge} y{' '}
        {productFacts.maxAge} años).
      </li>
      <li>Residir en España y tener un DNI o NIE válido.</li>
    </ul>
  );
}
