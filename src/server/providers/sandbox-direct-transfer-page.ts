import type { SpanishBank } from '../../shared/banks.ts';
import { WIDGET_MESSAGES } from '../../shared/messages-loan.ts';
import { formatMoney } from '../../shared/money.ts';
import { SANDBOX_TRANSFER_PATHS } from './sandbox-direct-transfer.ts';
import { sandboxPageHeaders } from './sandbox-pages.ts';
import { escapeHtml, htmlPage, jsonForScript } from '../http/html.ts';

/**
 * The sandbox direct-transfer widget page (`/sandbox/direct-transfer/widget?order=…`): the amount, a Spanish bank
 * list, the terms checkbox 'Acepto los términos y condiciones', 'Pagar', and sandbox buttons that end the widget
 * with a denial of consents, a blocked user or a failed payment. No inline script: the behaviour is
 * `/sandbox/direct-transfer/widget.js` (CSP `script-src 'self'`), which reads its settings from a JSON data block
 * and posts the second document's §4 events to `window.parent` with the app's origin as targetOrigin (never '*'),
 * each as the JSON string `{"source":"unnax","event":…,"status":"success"|"failure"|null,"orderId":…}`.
 */

/** The provider named in the widget's messages (the client forwards only messages that mention it). */
export const DIRECT_TRANSFER_MESSAGE_SOURCE = 'unnax';

export const TRANSFER_WIDGET_TEXTS = {
  title: 'Pago por transferencia bancaria',
  sandbox: 'Entorno de pruebas: no se mueve dinero real.',
  amount: 'Importe',
  beneficiary: 'Beneficiario',
  beneficiaryValue: 'Préstamo Rápido',
  chooseBank: 'Elige tu banco',
  search: 'Buscar entidad',
  changeBank: '‹ Cambiar de banco',
  authorizeIntro: 'Autoriza la transferencia desde tu banca online. El importe se cargará en tu cuenta.',
  terms: 'Acepto los términos y condiciones',
  termsRequired: WIDGET_MESSAGES.mustAcceptTerms,
  pay: 'Pagar',
  paying: 'Procesando el pago…',
  paid: '¡Pago realizado! Ya puedes volver a la aplicación.',
  failed: 'El pago no se ha podido completar. Por favor, inténtalo de nuevo.',
  denied: 'Has cancelado la autorización. No se ha realizado ningún pago.',
  blocked: WIDGET_MESSAGES.accountBlocked,
  closed: 'Esta orden de pago ya no está disponible. Vuelve a la aplicación para empezar de nuevo.',
  simulate: 'Simular en el entorno de pruebas',
  simulateDenied: 'Denegar consentimientos',
  simulateBlocked: 'Usuario bloqueado',
  simulateFailed: 'Pago fallido',
  secure: 'Unnax Regulatory Services, entidad de pago autorizada por el Banco de España. Conexión segura.',
} as const;

const CSS =
  '*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;' +
  'background:#f2f7f6;color:#12332e;min-height:100vh}header{background:#0e5e52;color:#fff;padding:12px 16px}' +
  '.brand{font-weight:800;font-size:20px;letter-spacing:-.5px}main{max-width:460px;margin:0 auto;padding:8px 20px 32px}' +
  'h1{font-size:22px;margin:14px 0}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;background:#fff;' +
  'border-radius:10px;padding:14px;margin:12px 0}dt{color:#4d6b66}dd{margin:0;font-weight:700}' +
  'button{font:inherit;cursor:pointer}label{display:block;font-weight:600;margin:14px 0 6px}' +
  'input[type=search]{width:100%;font:inherit;padding:12px;border-radius:8px;border:1px solid #b9c8c5}' +
  '.banks{list-style:none;margin:12px 0 0;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:10px}' +
  '.bank{width:100%;padding:12px;border:0;background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.12)}' +
  '.check{display:flex;gap:10px;align-items:center;font-weight:600;margin-top:18px}.check input{width:20px;height:20px}' +
  '.primary{width:100%;margin-top:20px;padding:14px;border:0;border-radius:8px;font-weight:700;font-size:16px;' +
  'background:#0e5e52;color:#fff}.primary[disabled]{opacity:.6}.back{background:none;border:0;padding:6px 0;color:#0e5e52}' +
  '.error{border-radius:8px;padding:12px;margin-top:16px;background:#fdecec;color:#8a1c1c}' +
  '.simulate{margin-top:28px;border-top:1px dashed #9bb3ae;padding-top:12px}.simulate p{font-size:13px;margin:0 0 8px}' +
  '.simulate button{margin:4px 6px 0 0;padding:8px 10px;border-radius:6px;border:1px solid #0e5e52;background:#fff;color:#0e5e52}' +
  '.note{font-size:13px;color:#4d6b66;margin-top:20px}.sandbox{font-size:12px;background:#fff7d6;color:#6b5400;padding:6px 16px}' +
  '.center{text-align:center}[hidden]{display:none!important}';

export interface TransferWidgetSettings {
  providerOrderId: string;
  appOrigin: string;
  amountCents: number;
  banks: readonly SpanishBank[];
  /** False when the order is no longer open: the page says so and posts nothing. */
  open: boolean;
}

export function renderTransferWidgetPage(settings: TransferWidgetSettings): string {
  const t = TRANSFER_WIDGET_TEXTS;
  const banks = settings.banks
    .map(
      (bank) =>
        `<li><button type="button" class="bank" data-code="${escapeHtml(bank.code)}" data-name="${escapeHtml(bank.name)}">` +
        `${escapeHtml(bank.name)}</button></li>`,
    )
    .join('');
  const config = {
    source: DIRECT_TRANSFER_MESSAGE_SOURCE,
    orderId: settings.providerOrderId,
    appOrigin: settings.appOrigin,
    payUrl: SANDBOX_TRANSFER_PATHS.pay,
    endUrl: SANDBOX_TRANSFER_PATHS.end,
    texts: {
      termsRequired: t.termsRequired,
      paying: t.paying,
      paid: t.paid,
      failed: t.failed,
      denied: t.denied,
      blocked: t.blocked,
    },
  };
  const body = settings.open
    ? `<section id="step-banks">
<h2>${escapeHtml(t.chooseBank)}</h2>
<label for="bank-search">${escapeHtml(t.search)}</label>
<input id="bank-search" type="search" autocomplete="off">
<ul class="banks" id="bank-list">${banks}</ul>
</section>
<section id="step-pay" hidden>
<button type="button" class="back" id="back">${escapeHtml(t.changeBank)}</button>
<h2 id="bank-title"></h2>
<p>${escapeHtml(t.authorizeIntro)}</p>
<label class="check"><input type="checkbox" id="terms"> ${escapeHtml(t.terms)}</label>
<p class="error" id="pay-error" role="alert" hidden></p>
<button type="button" class="primary" id="pay">${escapeHtml(t.pay)}</button>
</section>
<section id="step-result" class="center" hidden><p id="result-text" role="status"></p></section>
<section class="simulate" id="simulate">
<p>${escapeHtml(t.simulate)}</p>
<button type="button" data-end="consents_denied">${escapeHtml(t.simulateDenied)}</button>
<button type="button" data-end="user_blocked">${escapeHtml(t.simulateBlocked)}</button>
<button type="button" data-end="paymentFailed">${escapeHtml(t.simulateFailed)}</button>
</section>
<script type="application/json" id="transfer-config">${jsonForScript(config)}</script>
<script src="${SANDBOX_TRANSFER_PATHS.script}" defer></script>`
    : `<p>${escapeHtml(t.closed)}</p>`;
  return htmlPage({
    title: t.title,
    css: CSS,
    body: `<header><span class="brand">unnax</span></header>
<p class="sandbox">${escapeHtml(t.sandbox)}</p>
<main>
<h1>${escapeHtml(t.title)}</h1>
<dl><dt>${escapeHtml(t.beneficiary)}</dt><dd>${escapeHtml(t.beneficiaryValue)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(formatMoney(settings.amountCents))}</dd></dl>
${body}
<p class="note">${escapeHtml(t.secure)}</p>
</main>`,
  });
}

/**
 * The widget's behaviour. Every message is the JSON string of agreement 5, sent to the app's origin only.
 * Choosing a bank posts `bank_login` (status null); 'Pagar' posts `payment` success or failure after the sandbox
 * provider answered; the sandbox buttons post `consents_denied`, `user_blocked` (status null) or `payment` failure.
 */
export const TRANSFER_WIDGET_SCRIPT = `(() => {
  'use strict';
  const config = JSON.parse(document.getElementById('transfer-config').textContent);
  const $ = (id) => document.getElementById(id);
  let bank = null;
  let finished = false;
  const post = (event, status) => {
    if (window.parent === window) return;
    const message = { source: config.source, event, status, orderId: config.orderId };
    window.parent.postMessage(JSON.stringify(message), config.appOrigin);
  };
  const show = (step) => {
    for (const id of ['step-banks', 'step-pay', 'step-result']) $(id).hidden = id !== step;
  };
  const finish = (text) => {
    finished = true;
    $('result-text').textContent = text;
    $('simulate').hidden = true;
    show('step-result');
  };
  const send = async (url, body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    const answer = await response.json().catch(() => null);
    return { ok: response.ok, data: answer && answer.data };
  };
  $('bank-search').addEventListener('input', (event) => {
    const query = event.target.value.trim().toLowerCase();
    for (const button of document.querySelectorAll('.bank')) {
      button.parentElement.hidden = query !== '' && !button.dataset.name.toLowerCase().includes(query);
    }
  });
  for (const button of document.querySelectorAll('.bank')) {
    button.addEventListener('click', () => {
      bank = { code: button.dataset.code, name: button.dataset.name };
      $('bank-title').textContent = bank.name;
      $('pay-error').hidden = true;
      show('step-pay');
      post('bank_login', null);
    });
  }
  $('back').addEventListener('click', () => show('step-banks'));
  $('pay').addEventListener('click', async () => {
    if (finished) return;
    if (!$('terms').checked) {
      $('pay-error').textContent = config.texts.termsRequired;
      $('pay-error').hidden = false;
      return;
    }
    $('pay').disabled = true;
    $('pay-error').hidden = true;
    $('pay').textContent = config.texts.paying;
    try {
      const answer = await send(config.payUrl, {
        order: config.orderId,
        bankCode: bank ? bank.code : null,
        termsAccepted: true,
      });
      const success = answer.ok && answer.data && answer.data.result === 'success';
      finish(success ? config.texts.paid : config.texts.failed);
      post('payment', success ? 'success' : 'failure');
    } catch {
      finish(config.texts.failed);
      post('payment', 'failure');
    }
  });
  for (const button of document.querySelectorAll('[data-end]')) {
    button.addEventListener('click', async () => {
      if (finished) return;
      const how = button.dataset.end;
      finished = true;
      try {
        await send(config.endUrl, { order: config.orderId, how, bankCode: bank ? bank.code : null });
      } catch {
        // The app hears the event either way; the provider's callback is the sandbox's concern.
      }
      if (how === 'consents_denied') {
        finish(config.texts.denied);
        post('consents_denied', null);
      } else if (how === 'user_blocked') {
        finish(config.texts.blocked);
        post('user_blocked', null);
      } else {
        finish(config.texts.failed);
        post('payment', 'failure');
      }
    });
  }
})();
`;

/** The page's headers: framed only by the app's origin, scripts only from this server. */
export const transferWidgetHeaders = (appOrigin: string): Record<string, string> => sandboxPageHeaders(appOrigin);
