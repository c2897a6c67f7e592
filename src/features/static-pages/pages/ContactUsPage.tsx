import { Link } from 'react-router';
import { LOGIN_TEXTS } from '../../../shared/messages-identity.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { ContactDetails } from '../components/ContactDetails.tsx';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { COMPANY, mailtoHref, SUPPORT } from '../content/company.ts';

/** /contactanos: e-mail, phone and hours, what to have at hand, and where other requests go. */
export default function ContactUsPage() {
  return (
    <StaticPage
      routeKey="contactUs"
      lead={<>¿Tienes una duda sobre tu solicitud o tu préstamo? Escríbenos o llámanos: te atendemos en español.</>}
    >
      <Section id="atencion-al-cliente" title="Atención al cliente">
        <ContactDetails />
        <p>Respondemos a los correos electrónicos {SUPPORT.emailAnswerTime}.</p>
      </Section>
      <Section id="antes-de-contactar" title="Antes de contactar">
        <ul>
          <li>
            Escríbenos desde el correo electrónico que diste al registrarte, o llámanos desde tu móvil registrado, e
            indica tu nombre y tu DNI o NIE: así te identificamos antes.
          </li>
          <li>
            Nunca te pediremos tu PIN ni los códigos que te enviamos por SMS. Si no recuerdas tu PIN, usa «
            {LOGIN_TEXTS.forgotPassword}» en la página de <Link to={buildPath('login')}>inicio de sesión</Link>.
          </li>
          <li>
            Muchas respuestas están ya en las <Link to={buildPath('faq')}>preguntas frecuentes</Link>.
          </li>
        </ul>
      </Section>
      <Section id="otras-solicitudes" title="Reclamaciones, privacidad y comunicaciones">
        <ul>
          <li>
            Para presentar una reclamación, escribe a{' '}
            <a href={mailtoHref(SUPPORT.email, 'Reclamación')}>{SUPPORT.email}</a> con el asunto «Reclamación». Cómo la
            tramitamos se explica en los <Link to={buildPath('termsAndConditions')}>términos y condiciones</Link>.
          </li>
          <li>
            Para ejercer tus derechos de protección de datos, escribe a{' '}
            <a href={mailtoHref(SUPPORT.email, 'Protección de datos')}>{SUPPORT.email}</a> con el asunto «Protección de
            datos», o al Delegado de Protección de Datos: {COMPANY.dpoEmail}. Más información en la{' '}
            <Link to={buildPath('privacyPolicy')}>política de privacidad</Link>.
          </li>
          <li>
            Para dejar de recibir comunicaciones comerciales, usa el enlace para darte de baja que incluye cada correo o
            cambia tus preferencias en tu Área de clientes.
          </li>
        </ul>
      </Section>
      <Section id="direccion-postal" title="Dirección postal">
        <p>
          {COMPANY.legalName}, {COMPANY.address}.
        </p>
      </Section>
    </StaticPage>
  );
}
