import { OPEN_BANKING_MESSAGE_SOURCE } from '../../shared/api/bank.ts';
import type { SpanishBank } from '../../shared/banks.ts';
import type { WidgetFlavour } from './open-banking.ts';
import { sandboxPageHeaders } from './sandbox-pages.ts';
import { escapeHtml, htmlPage, jsonForScript } from '../http/html.ts';

/**
 * The sandbox open-banking widget pages (tink and unnax look): a bank list, the bank's login form ('Usuario',
 * 'Contraseña', 'Conectar'), and the outcome. No inline script: the behaviour is `/sandbox/open-banking/widget.js`
 * (CSP `script-src 'self'`); the page hands it its settings in a JSON data block. The script posts
 * `openBankingWidgetMessageSchema` messages to `window.parent` with the app's origin as targetOrigin, never '*'.
 */

export const WIDGET_SCRIPT_PATH = '/sandbox/open-banking/widget.js';

interface Look {
  brand: string;
  title: string;
  chooseBank: string;
  search: string;
  loginIntro: string;
  secure: string;
  css: string;
}

const BASE_CSS =
  '*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;min-height:100vh}' +
  'header{display:flex;align-items:center;justify-content:space-between;padding:12px 16px}' +
  '.brand{font-weight:800;font-size:20px;letter-spacing:-.5px}button{font:inherit;cursor:pointer}' +
  '.close{background:none;border:0;font-size:26px;line-height:1;padding:4px 8px}main{max-width:440px;margin:0 auto;padding:8px 20px 32px}' +
  'h1{font-size:22px;margin:12px 0}label{display:block;font-weight:600;margin:14px 0 6px}' +
  'input{width:100%;font:inherit;padding:12px;border-radius:8px;border:1px solid #b9c0c8}' +
  '.banks{list-style:none;margin:12px 0 0;padding:0}.bank{width:100%;display:flex;align-items:center;gap:12px;padding:12px;border:0;background:none;text-align:left}' +
  '.logo{width:40px;height:40px;border-radius:50%;display:grid;place-items:center;color:#fff;font-weight:700;font-size:14px;flex:none}' +
  '.primary{width:100%;margin-top:20px;padding:14px;border:0;border-radius:8px;font-weight:700;font-size:16px}' +
  '.primary[disabled]{opacity:.6}.back{background:none;border:0;padding:6px 0;margin-top:8px}' +
  '.error{border-radius:8px;padding:12px;margin-top:16px;background:#fdecec;color:#8a1c1c}' +
  '.note{font-size:13px;color:#5b6670;margin-top:20px}.spinner{width:42px;height:42px;border-radius:50%;border:4px solid #d9dee3;margin:40px auto 16px;animation:spin 1s linear infinite}' +
  '@keyframes spin{to{transform:rotate(360deg)}}.center{text-align:center}[hidden]{display:none!important}' +
  '.sandbox{font-size:12px;background:#fff7d6;color:#6b5400;padding:6px 16px}';

const LOOKS: Record<WidgetFlavour, Look> = {
  tink: {
    brand: 'tink',
    title: 'Conecta tu banco con Tink',
    chooseBank: 'Selecciona tu banco',
    search: 'Busca tu banco',
    loginIntro: 'Introduce las claves de tu banca online. Tink no guarda tus credenciales.',
    secure: 'Conexión cifrada. Tink AB es una entidad de pago autorizada y supervisada.',
    css:
      'body{background:#fff;color:#1b1d21}header{border-bottom:1px solid #eceef1}.brand{color:#1b1d21}' +
      '.bank{border-bottom:1px solid #eceef1}.bank:hover{background:#f5f6f8}.primary{background:#1b1d21;color:#fff}' +
      '.back{color:#1b1d21}',
  },
  unnax: {
    brand: 'unnax',
    title: 'Vincula tu cuenta con Unnax',
    chooseBank: 'Elige tu entidad',
    search: 'Buscar entidad',
    loginIntro: 'Accede con las mismas claves que usas en la banca online de tu entidad.',
    secure: 'Unnax Regulatory Services, entidad de pago autorizada por el Banco de España. Conexión segura.',
    css:
      'body{background:#f2f7f6;color:#12332e}header{background:#0e5e52;color:#fff}.close{color:#fff}' +
      '.banks{display:grid;grid-template-columns:1fr 1fr;gap:10px}.bank{flex-direction:column;background:#fff;border-radius:10px;' +
      'box-shadow:0 1px 3px rgba(0,0,0,.12);text-align:center}.primary{background:#0e5e52;color:#fff}.back{color:#0e5e52}',
  },
};

const LOGO_COLOURS = ['#ec0000', '#004481', '#007eae', '#006dff', '#ff7300', '#ff6200', '#2c8c3c', '#000000'];

export interface WidgetPageSettings {
  flavour: WidgetFlavour;
  sessionId: string;
  appOrigin: string;
  banks: readonly SpanishBank[];
  /** The bank chosen in the app: the page opens at its login ('Cambiar de banco' still lists the others). */
  bank: SpanishBank | null;
  /** False when the session has already finished or been logged in to: the page says so and posts nothing. */
  open: boolean;
}

export function renderWidgetPage(settings: WidgetPageSettings): string {
  const look = LOOKS[settings.flavour];
  const banks = settings.banks
    .map(
      (bank, index) =>
        `<li><button type="button" class="bank" data-code="${escapeHtml(bank.code)}" data-name="${escapeHtml(bank.name)}">` +
        `<span class="logo" style="background:${LOGO_COLOURS[index % LOGO_COLOURS.length]}" aria-hidden="true">${escapeHtml(bank.name.slice(0, 2).toUpperCase())}</span>` +
        `<span>${escapeHtml(bank.name)}</span></button></li>`,
    )
    .join('');
  const config = {
    source: OPEN_BANKING_MESSAGE_SOURCE,
    flavour: settings.flavour,
    sessionId: settings.sessionId,
    appOrigin: settings.appOrigin,
    loginUrl: `/sandbox/open-banking/${settings.flavour}/login`,
    bank: settings.bank === null ? null : { code: settings.bank.code, name: settings.bank.name },
  };
  const atLogin = settings.bank !== null;
  return htmlPage({
    title: look.title,
    css: `${BASE_CSS}${look.css}`,
    head: `<script type="application/json" id="widget-config">${jsonForScript(config)}</script>
<script src="${WIDGET_SCRIPT_PATH}" defer></script>
`,
    bodyAttributes: ` data-flavour="${settings.flavour}"`,
    body: `<header><span class="brand">${escapeHtml(look.brand)}</span><button type="button" class="close" id="close" aria-label="Cerrar">×</button></header>
<p class="sandbox">Entorno de pruebas: usuario <b>demo</b>, contraseña <b>1234</b>.</p>
<main>
${
  settings.open
    ? `<section id="step-banks"${atLogin ? ' hidden' : ''}>
<h1>${escapeHtml(look.chooseBank)}</h1>
<label for="bank-search">${escapeHtml(look.search)}</label>
<input id="bank-search" type="search" autocomplete="off">
<ul class="banks" id="bank-list">${banks}</ul>
</section>
<section id="step-login"${atLogin ? '' : ' hidden'}>
<button type="button" class="back" id="back">‹ Cambiar de banco</button>
<h1 id="login-title">${escapeHtml(settings.bank?.name ?? '')}</h1>
<p>${escapeHtml(look.loginIntro)}</p>
<p class="error" id="login-error" role="alert" hidden></p>
<form id="login-form" novalidate>
<label for="username">Usuario</label>
<input id="username" name="username" autocomplete="username" required>
<label for="password">Contraseña</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" class="primary" id="connect">Conectar</button>
</form>
<button type="button" class="primary" id="leave" hidden>Volver a la aplicación</button>
</section>
<section id="step-wait" class="center" hidden>
<div class="spinner" aria-hidden="true"></div>
<p id="wait-text" role="status"></p>
</section>
<section id="step-done" class="center" hidden>
<h1>¡Cuenta conectada!</h1>
<p>Estamos leyendo tus cuentas. Puedes volver a la aplicación.</p>
</section>`
    : `<section class="center"><h1>Esta sesión ha terminado</h1><p>Vuelve a la aplicación para empezar de nuevo.</p></section>`
}
<p class="note">${escapeHtml(look.secure)}</p>
</main>`,
  });
}

/**
 * The widget's behaviour. Posts `{ source, type, sessionId }` to `window.parent` with the app's origin from the
 * page's settings (the server's record of the session), never '*'.
 */
export const WIDGET_SCRIPT = `(() => {
  'use strict';
  const config = JSON.parse(document.getElementById('widget-config').textContent);
  const $ = (id) => document.getElementById(id);
  let chosen = config.bank;
  let finished = false;
  let failed = false;
  const post = (type) => {
    if (window.parent === window) return;
    window.parent.postMessage({ source: config.source, type, sessionId: config.sessionId }, config.appOrigin);
  };
  const show = (step) => {
    for (const id of ['step-banks', 'step-login', 'step-wait', 'step-done']) {
      const section = $(id);
      if (section) section.hidden = id !== step;
    }
  };
  $('close').addEventListener('click', () => {
    if (failed) post('error');
    else if (!finished) post('cancelled');
  });
  if (!$('step-banks')) return;
  const fail = (message) => {
    failed = true;
    $('login-error').textContent = message;
    $('login-error').hidden = false;
    $('login-form').hidden = true;
    $('back').hidden = true;
    $('leave').hidden = false;
    $('leave').focus();
  };
  $('leave').addEventListener('click', () => post('error'));
  $('bank-search').addEventListener('input', (event) => {
    const query = event.target.value.trim().toLowerCase();
    for (const button of document.querySelectorAll('.bank')) {
      button.parentElement.hidden = query !== '' && !button.dataset.name.toLowerCase().includes(query);
    }
  });
  for (const button of document.querySelectorAll('.bank')) {
    button.addEventListener('click', () => {
      chosen = { code: button.dataset.code, name: button.dataset.name };
      $('login-title').textContent = chosen.name;
      $('login-error').hidden = true;
      show('step-login');
      $('username').focus();
    });
  }
  $('back').addEventListener('click', () => show('step-banks'));
  $('login-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const username = $('username').value.trim();
    const password = $('password').value;
    if (!username || !password) {
      $('login-error').textContent = 'Introduce tu usuario y tu contraseña.';
      $('login-error').hidden = false;
      return;
    }
    $('connect').disabled = true;
    $('wait-text').textContent = 'Conectando con ' + chosen.name + '…';
    show('step-wait');
    try {
      const response = await fetch(config.loginUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session: config.sessionId, bankCode: chosen.code, username, password }),
      });
      const body = await response.json().catch(() => null);
      const data = body && body.data;
      show('step-login');
      $('connect').disabled = false;
      if (response.ok && data && data.result === 'connected') {
        finished = true;
        show('step-done');
        post('completed');
      } else if (response.ok && data && data.result === 'failed' && data.attemptsLeft > 0) {
        // Wrong credentials: said here, in the bank's own words, and the customer tries again.
        $('login-error').textContent = data.message;
        $('login-error').hidden = false;
        $('password').value = '';
        $('password').focus();
      } else {
        // The session is over (no attempts left, or it ended): said here; the app learns of it when the customer
        // goes back ('Volver a la aplicación' posts the error).
        finished = true;
        fail((data && data.message) || 'No hemos podido conectar con tu banco. Inténtalo de nuevo más tarde.');
      }
    } catch {
      show('step-login');
      $('connect').disabled = false;
      $('login-error').textContent = 'No hemos podido conectar con tu banco. Revisa tu conexión e inténtalo de nuevo.';
      $('login-error').hidden = false;
    }
  });
})();
`;

/** The page's own headers: a CSP that lets only the app's origin frame it and runs only the served script. */
export const widgetPageHeaders = (appOrigin: string): Record<string, string> =>
  sandboxPageHeaders(appOrigin, { images: true });
