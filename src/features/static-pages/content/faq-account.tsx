import { Link } from 'react-router';
import { ONE_TIME_CODE } from '../../../shared/constants.ts';
import { LOGIN_TEXTS } from '../../../shared/messages-identity.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { mailtoHref, SUPPORT } from './company.ts';
import type { FaqGroup } from './faq-types.ts';

/** FAQ: access, privacy, communications, withdrawal and complaints. */
export const accountFaq: FaqGroup = {
  id: 'cuenta',
  title: 'Tu cuenta y tus datos',
  items: [
    {
      id: 'olvide-pin',
      question: 'He olvidado mi PIN, ¿qué hago?',
      answer: (
        <p>
          En la página de <Link to={buildPath('login')}>inicio de sesión</Link>, pulsa «{LOGIN_TEXTS.forgotPassword}»,
          escribe tu móvil y te enviaremos un código por SMS para crear un PIN nuevo. Tras{' '}
          {ONE_TIME_CODE.maxConsecutiveFailures} intentos fallidos seguidos, tu acceso se bloquea por seguridad hasta
          que lo restablezcas así.
        </p>
      ),
    },
    {
      id: 'privacidad',
      question: '¿Cómo protegéis mis datos?',
      answer: (
        <p>
          Usamos tus datos solo para las finalidades que te explicamos, con conexiones cifradas y accesos restringidos,
          y nunca los vendemos. Tu PIN nunca se guarda en claro y nunca te lo pediremos por teléfono ni por correo
          electrónico. Todos los detalles, y cómo ejercer tus derechos, están en la{' '}
          <Link to={buildPath('privacyPolicy')}>política de privacidad</Link>.
        </p>
      ),
    },
    {
      id: 'comunicaciones',
      question: '¿Cómo dejo de recibir comunicaciones comerciales?',
      answer: (
        <p>
          Con el enlace para darte de baja que incluye cada correo, cambiando tus preferencias en tu Área de clientes o
          escribiéndonos a <a href={mailtoHref(SUPPORT.email)}>{SUPPORT.email}</a>. Seguirás recibiendo los avisos
          necesarios sobre tu préstamo, como los recordatorios de pago.
        </p>
      ),
    },
    {
      id: 'desistimiento',
      question: '¿Puedo arrepentirme después de firmar?',
      answer: (
        <p>
          Sí. Tienes 14 días naturales desde la firma del contrato para desistir sin dar explicaciones (Ley 16/2011).
          Solo tendrás que devolver el capital y los intereses de los días que lo hayas tenido, en un máximo de 30 días.
          Cómo hacerlo se explica en los <Link to={buildPath('termsAndConditions')}>términos y condiciones</Link>.
        </p>
      ),
    },
    {
      id: 'reclamaciones',
      question: '¿Cómo presento una reclamación?',
      answer: (
        <p>
          Escríbenos a <a href={mailtoHref(SUPPORT.email, 'Reclamación')}>{SUPPORT.email}</a> con el asunto
          «Reclamación», tu nombre, tu DNI o NIE y lo que ha ocurrido. Te responderemos por escrito; si no estás
          conforme, puedes acudir a los organismos de consumo, como se explica en los{' '}
          <Link to={buildPath('termsAndConditions')}>términos y condiciones</Link>.
        </p>
      ),
    },
  ],
};
