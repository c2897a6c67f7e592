import { Section } from '../components/StaticPage.tsx';
import { COMPANY, mailtoHref, SUPPORT } from './company.ts';

/** Retention (RGPD art. 13.2.a). */
export function PrivacyRetention() {
  return (
    <Section id="conservacion" title="Cuánto tiempo conservamos tus datos">
      <ul>
        <li>
          Mientras tengas una cuenta o un préstamo con nosotros, los datos necesarios para gestionarlos. Si no llegas a
          contratar, los de tu solicitud, el tiempo necesario para atenderla.
        </li>
        <li>
          Después, los conservamos bloqueados (solo a disposición de jueces, autoridades y para defendernos de
          reclamaciones) durante los plazos de prescripción: en general, 5 años para las acciones derivadas del contrato
          (art. 1964 del Código Civil), 10 años para la documentación de prevención del blanqueo de capitales (art. 25
          de la Ley 10/2010) y los que exige la normativa fiscal y mercantil. Pasados esos plazos, los borramos.
        </li>
        <li>
          Una deuda comunicada a un sistema común de información crediticia se mantiene en él como máximo 5 años desde
          su vencimiento, y se da de baja al pagarla (art. 20 LOPDGDD).
        </li>
        <li>Los datos para comunicaciones comerciales, hasta que retires tu consentimiento.</li>
      </ul>
    </Section>
  );
}

/** Recipients and international transfers (RGPD art. 13.1.e and f). */
export function PrivacyRecipients() {
  return (
    <Section id="destinatarios" title="A quién comunicamos tus datos">
      <ul>
        <li>
          Sistemas comunes de información crediticia, para consultar tu solvencia y, si no pagas una deuda tras
          requerírtela, para comunicarla.
        </li>
        <li>
          Proveedores de verificación de identidad y de prevención del fraude, y el Servicio Ejecutivo de la Comisión de
          Prevención del Blanqueo de Capitales (Sepblac) cuando la ley lo exige.
        </li>
        <li>
          Entidades de pago y tu banco: la pasarela de pago con tarjeta (y la verificación 3-D Secure), el proveedor de
          acceso a tu cuenta bancaria y el de transferencias, para pagarte el préstamo y cobrar las cuotas.
        </li>
        <li>Empresas de recobro, si hay deudas impagadas.</li>
        <li>
          Administraciones públicas, autoridades y juzgados (por ejemplo, la Agencia Tributaria), cuando la ley nos
          obliga.
        </li>
        <li>
          Proveedores que nos prestan servicios como encargados del tratamiento (alojamiento y sistemas, envío de SMS y
          correos electrónicos, atención telefónica), con contratos que les obligan a usar tus datos solo siguiendo
          nuestras instrucciones.
        </li>
      </ul>
      <p>
        No vendemos tus datos. Si algún proveedor tuviera que tratarlos fuera del Espacio Económico Europeo, solo lo
        haría con las garantías del RGPD (una decisión de adecuación de la Comisión Europea o cláusulas contractuales
        tipo), de las que puedes pedirnos copia.
      </p>
    </Section>
  );
}

/** Rights and how to exercise them (RGPD arts. 15–22, 13.2.b–d), and the AEPD complaint. */
export function PrivacyRights() {
  return (
    <Section id="derechos" title="Tus derechos">
      <p>Puedes pedirnos en cualquier momento:</p>
      <ul>
        <li>acceder a tus datos y saber cómo los tratamos;</li>
        <li>rectificar los que sean inexactos o estén incompletos;</li>
        <li>suprimirlos, cuando ya no sean necesarios o no tengamos base legal para conservarlos;</li>
        <li>oponerte a que los tratemos por interés legítimo y, siempre, a las comunicaciones comerciales;</li>
        <li>limitar su tratamiento mientras comprobamos una reclamación tuya;</li>
        <li>recibir en un formato estructurado los que nos diste (portabilidad);</li>
        <li>retirar tu consentimiento, sin que afecte a lo tratado antes;</li>
        <li>no ser objeto de una decisión solo automatizada sin intervención humana, como se explica arriba.</li>
      </ul>
      <p>
        Para ejercerlos, escribe a <a href={mailtoHref(SUPPORT.email, 'Protección de datos')}>{SUPPORT.email}</a> con el
        asunto «Protección de datos», desde el correo electrónico de tu cuenta, indicando qué derecho quieres ejercer.
        Si no podemos confirmar tu identidad, te pediremos la información imprescindible para hacerlo. Te responderemos
        en un mes, que podría ampliarse dos meses más en casos complejos (te lo diríamos dentro del primer mes). También
        puedes contactar con nuestro Delegado de Protección de Datos: {COMPANY.dpoEmail}.
      </p>
      <p>
        Si crees que no hemos tratado bien tus datos, puedes presentar una reclamación ante la Agencia Española de
        Protección de Datos (AEPD), C/ Jorge Juan, 6, 28001 Madrid, en su sede electrónica (sedeagpd.gob.es) o en
        www.aepd.es. Te agradeceremos que antes nos lo cuentes, para intentar resolverlo.
      </p>
    </Section>
  );
}
