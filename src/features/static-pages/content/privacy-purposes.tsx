import { Section } from '../components/StaticPage.tsx';

/** Purposes and their legal bases (RGPD art. 6, 13.1.c), as a table. */
const purposes = [
  {
    purpose: 'Registrarte, gestionar tu cuenta y tu acceso (PIN y códigos por SMS).',
    basis: 'Ejecución del contrato y de medidas precontractuales a tu petición (art. 6.1.b RGPD).',
  },
  {
    purpose:
      'Estudiar tu solicitud y evaluar tu solvencia, con los datos que nos das, los de tu cuenta bancaria y la consulta a sistemas comunes de información crediticia.',
    basis:
      'Obligación legal de evaluar la solvencia (art. 14 de la Ley 16/2011) y medidas precontractuales a tu petición (art. 6.1.b y 6.1.c RGPD).',
  },
  {
    purpose: 'Verificar tu identidad y prevenir el blanqueo de capitales y la financiación del terrorismo.',
    basis: 'Obligación legal (Ley 10/2010; art. 6.1.c RGPD).',
  },
  {
    purpose: 'Prevenir el fraude y proteger tu cuenta (por ejemplo, detectar accesos o tarjetas que no son tuyas).',
    basis: 'Interés legítimo en evitar el fraude, propio y de nuestros clientes (art. 6.1.f RGPD, considerando 47).',
  },
  {
    purpose:
      'Formalizar y gestionar tu préstamo: pagarte el dinero, cobrar las cuotas, gestionar prórrogas, Pago Flexible y la atención al cliente.',
    basis: 'Ejecución del contrato (art. 6.1.b RGPD).',
  },
  {
    purpose:
      'Reclamar las deudas impagadas y, tras requerirte el pago, comunicarlas a sistemas comunes de información crediticia.',
    basis: 'Interés legítimo (art. 6.1.f RGPD y art. 20 de la Ley Orgánica 3/2018, LOPDGDD).',
  },
  {
    purpose: 'Enviarte comunicaciones comerciales sobre nuestros productos por correo electrónico, SMS o teléfono.',
    basis:
      'Tu consentimiento (art. 6.1.a RGPD y art. 21 de la Ley 34/2002), que puedes retirar en cualquier momento sin que afecte a tu préstamo.',
  },
  {
    purpose: 'Enviarte recordatorios de pago como notificaciones en tu dispositivo, si los activas.',
    basis: 'Tu consentimiento al activarlos (art. 6.1.a RGPD).',
  },
  {
    purpose: 'Mantener la seguridad y el buen funcionamiento de la web y de la app (registros técnicos).',
    basis: 'Interés legítimo en la seguridad de nuestros sistemas (art. 6.1.f RGPD).',
  },
  {
    purpose: 'Cumplir otras obligaciones legales: fiscales, contables y los requerimientos de autoridades y juzgados.',
    basis: 'Obligación legal (art. 6.1.c RGPD).',
  },
] as const;

export function PrivacyPurposes() {
  return (
    <Section id="finalidades" title="Para qué usamos tus datos y con qué base legal">
      <table className="static-table">
        <caption>Finalidades del tratamiento y su base legal</caption>
        <thead>
          <tr>
            <th scope="col">Finalidad</th>
            <th scope="col">Base legal</th>
          </tr>
        </thead>
        <tbody>
          {purposes.map((row) => (
            <tr key={row.purpose}>
              <td>{row.purpose}</td>
              <td>{row.basis}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Cuando la base es nuestro interés legítimo, hemos comprobado que no prevalecen sobre él tus derechos e
        intereses, y puedes oponerte al tratamiento en cualquier momento.
      </p>
    </Section>
  );
}

/** Automated decisions (RGPD art. 22 and 13.2.f). */
export function AutomatedDecisions() {
  return (
    <Section id="decisiones-automatizadas" title="Decisiones automatizadas">
      <p>
        La decisión de concederte un préstamo y tu límite de crédito se toman de forma automatizada, con reglas que
        valoran los datos de tu solicitud, los movimientos de tu cuenta bancaria (por ejemplo, tus ingresos periódicos),
        tu historial con nosotros y la información de los sistemas de información crediticia. Es necesario para poder
        responderte en minutos y es lo que pides al solicitar el préstamo (art. 22.2.a RGPD).
      </p>
      <p>
        Tienes derecho a que una persona de nuestro equipo revise la decisión, a expresar tu punto de vista y a
        impugnarla: escríbenos como se indica en «Tus derechos».
      </p>
    </Section>
  );
}
