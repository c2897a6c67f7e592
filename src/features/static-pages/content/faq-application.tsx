import { Link } from 'react-router';
import { buildPath } from '../../../shared/routes/paths.ts';
import { Requirements } from '../components/Requirements.tsx';
import { productFacts } from '../product-facts.ts';
import type { FaqGroup } from './faq-types.ts';

/** FAQ: requirements, documents and timing of an application. */
export const applicationFaq: FaqGroup = {
  id: 'solicitud',
  title: 'Requisitos y solicitud',
  items: [
    {
      id: 'requisitos',
      question: '¿Qué requisitos necesito para pedir un préstamo?',
      answer: (
        <>
          <Requirements />
          <p>
            Además, estudiamos tu solvencia antes de conceder el préstamo, así que cumplir los requisitos no garantiza
            la aprobación.
          </p>
        </>
      ),
    },
    {
      id: 'documentos',
      question: '¿Qué documentos tengo que aportar?',
      answer: (
        <>
          <p>Durante la solicitud te pediremos:</p>
          <ul>
            <li>una foto de tu DNI o NIE en vigor;</li>
            <li>
              conectar tu cuenta bancaria, a través de un proveedor de acceso a cuentas o introduciendo sus datos, para
              verificar tu identidad y tus ingresos;
            </li>
            <li>los datos de tu tarjeta de débito, que verificamos con tu banco mediante 3-D Secure.</li>
          </ul>
          <p>
            En algunos casos te pediremos también una foto de tu tarjeta para comprobar que es tuya. No hace falta
            enviar nóminas ni papeles por correo.
          </p>
        </>
      ),
    },
    {
      id: 'cuanto-tarda',
      question: '¿Cuánto tarda en llegar el dinero?',
      answer: (
        <p>
          Si aprobamos tu solicitud, te transferimos el dinero {productFacts.payoutMinutes} minutos después de
          solicitarlo. Cuándo lo ves en tu cuenta depende de tu banco: normalmente es inmediato, pero una transferencia
          hecha un fin de semana o un festivo puede tardar hasta el siguiente día hábil.
        </p>
      ),
    },
    {
      id: 'importes',
      question: '¿Cuánto dinero puedo pedir y en cuántas cuotas?',
      answer: (
        <p>
          De {productFacts.amountMin} a {productFacts.amountMax}, en {productFacts.installmentOptions} cuotas mensuales.
          El máximo que puedes pedir es tu límite de crédito, que te mostramos al aprobar tu solicitud. Tu primer
          préstamo, hasta {productFacts.firstLoanMax}, es al 0 % si lo devuelves a tiempo.
        </p>
      ),
    },
    {
      id: 'rechazo',
      question: '¿Por qué han rechazado mi solicitud?',
      answer: (
        <p>
          Decidimos con un análisis automático de tu solvencia a partir de los datos de tu solicitud, de tu cuenta
          bancaria y de los sistemas de información crediticia. Si no estás de acuerdo, puedes pedir que una persona de
          nuestro equipo revise la decisión, explicar tu punto de vista e impugnarla, como se explica en la{' '}
          <Link to={buildPath('privacyPolicy')}>política de privacidad</Link>.
        </p>
      ),
    },
  ],
};
