import { sandboxPageHeaders } from './sandbox-pages.ts';
import { SANDBOX_CARD_PATHS } from './sandbox-card-gateway-three-ds.ts';
import { escapeHtml, htmlPage, jsonForScript } from '../http/html.ts';

/**
 * The sandbox 3-D Secure pages: the challenge page ('Verificación 3-D Secure', 'Autorizar' / 'Cancelar') and the
 * small page the device fingerprint post answers. No inline script: the challenge's behaviour is
 * `/sandbox/card-gateway/challenge.js` (CSP `script-src 'self'`), which reads its settings from a JSON data block,
 * posts the decision to `/sandbox/card-gateway/challenge/decision` and then posts the string 'credorax_completed'
 * to `window.parent` with the app's origin as targetOrigin, never '*'.
 */

export const CHALLENGE_TEXTS = {
  title: 'Verificación 3-D Secure',
  intro: 'Tu banco necesita confirmar que eres tú quien añade esta tarjeta.',
  card: 'Tarjeta',
  amount: 'Importe',
  amountValue: '0,00 €',
  merchant: 'Comercio',
  merchantValue: 'Préstamo Rápido',
  authorize: 'Autorizar',
  cancel: 'Cancelar',
  sending: 'Enviando…',
  done: 'Verificación enviada. Volviendo a la aplicación…',
  failed: 'No se pudo enviar la respuesta. Inténtalo de nuevo.',
  closed: 'Esta verificación ya no está disponible.',
  sandbox: 'Entorno de pruebas: no se realiza ningún cargo.',
  fingerprint: 'Comprobación del dispositivo recibida.',
} as const;

const CSS =
  '*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;' +
  'background:#f4f6f8;color:#1b1d21}main{max-width:420px;margin:0 auto;padding:24px 20px}' +
  '.sandbox{font-size:12px;background:#fff7d6;color:#6b5400;padding:6px 16px}' +
  '.brand{font-weight:800;letter-spacing:-.5px;color:#1a3d7c;font-size:18px}h1{font-size:22px;margin:12px 0}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;background:#fff;border-radius:10px;padding:14px;' +
  'margin:16px 0}dt{color:#5b6670}dd{margin:0;font-weight:600}button{font:inherit;cursor:pointer;width:100%;' +
  'padding:14px;border-radius:8px;font-weight:700;font-size:16px;margin-top:12px}' +
  '.authorize{background:#1a3d7c;color:#fff;border:0}.cancel{background:#fff;color:#1a3d7c;border:1px solid #1a3d7c}' +
  'button[disabled]{opacity:.6}.status{margin-top:16px;min-height:1.4em}.error{color:#8a1c1c}[hidden]{display:none!important}';

export interface ChallengePageSettings {
  transactionId: string;
  appOrigin: string;
  maskedCardNumber: string;
  /** False when the flow is unknown or already answered: the page says so and posts nothing. */
  open: boolean;
}

export function renderChallengePage(settings: ChallengePageSettings): string {
  const t = CHALLENGE_TEXTS;
  const data = {
    transactionId: settings.transactionId,
    appOrigin: settings.appOrigin,
    decisionUrl: SANDBOX_CARD_PATHS.challengeDecision,
    texts: { sending: t.sending, done: t.done, failed: t.failed },
  };
  const body = settings.open
    ? `<p>${escapeHtml(t.intro)}</p>
<dl><dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(t.merchantValue)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(t.amountValue)}</dd>
<dt>${escapeHtml(t.card)}</dt><dd>${escapeHtml(displayMasked(settings.maskedCardNumber))}</dd></dl>
<button type="button" class="authorize" id="authorize">${escapeHtml(t.authorize)}</button>
<button type="button" class="cancel" id="cancel">${escapeHtml(t.cancel)}</button>
<p class="status" id="status" role="status" aria-live="polite"></p>
<script type="application/json" id="challenge-settings">${jsonForScript(data)}</script>
<script src="${SANDBOX_CARD_PATHS.challengeScript}" defer></script>`
    : `<p>${escapeHtml(t.closed)}</p>`;
  return htmlPage({
    title: t.title,
    css: CSS,
    body: `<div class="sandbox">${escapeHtml(t.sandbox)}</div><main>
<div class="brand">SecureCode · Visa Secure</div>
<h1>${escapeHtml(t.title)}</h1>
${body}
</main>`,
  });
}

/** The page the hidden device-fingerprint form post gets back (nothing to see). */
export function renderFingerprintPage(): string {
  return htmlPage({ title: CHALLENGE_TEXTS.title, css: '', body: `<p>${escapeHtml(CHALLENGE_TEXTS.fingerprint)}</p>` });
}

/** `411111******1111` → `**** **** **** 1111` (as the app shows cards). */
function displayMasked(masked: string): string {
  const lastFour = masked.slice(-4);
  return `**** **** **** ${lastFour}`;
}

/** The challenge page's script (served as a file: the CSP allows no inline script). */
export const CHALLENGE_SCRIPT = `(() => {
  'use strict';
  const settings = JSON.parse(document.getElementById('challenge-settings').textContent);
  const status = document.getElementById('status');
  const buttons = [document.getElementById('authorize'), document.getElementById('cancel')];
  const decide = async (decision) => {
    for (const button of buttons) button.disabled = true;
    status.className = 'status';
    status.textContent = settings.texts.sending;
    try {
      const response = await fetch(settings.decisionUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transactionId: settings.transactionId, decision }),
        credentials: 'omit',
      });
      if (!response.ok) throw new Error(String(response.status));
      status.textContent = settings.texts.done;
      window.parent.postMessage('credorax_completed', settings.appOrigin);
    } catch {
      status.className = 'status error';
      status.textContent = settings.texts.failed;
      for (const button of buttons) button.disabled = false;
    }
  };
  buttons[0].addEventListener('click', () => decide('authorize'));
  buttons[1].addEventListener('click', () => decide('cancel'));
})();
`;

/** Headers of the sandbox 3-D Secure pages: framed only by the app's origin, scripts only from this server. */
export const threeDsPageHeaders = (appOrigin: string): Record<string, string> => sandboxPageHeaders(appOrigin);
