import type { OutboxSms } from '../../providers/sms-outbox.ts';
import { escapeHtml, htmlPage } from '../../http/html.ts';

const dateTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** The sandbox SMS outbox of one phone as a small page (every value escaped; no script). */
export function renderSmsPage(phone: string, messages: readonly OutboxSms[]): string {
  const items = messages
    .map(
      (sms) =>
        `<li><p class="meta"><time datetime="${escapeHtml(sms.createdAt.toISOString())}">${escapeHtml(dateTime.format(sms.createdAt))}</time> · ${escapeHtml(sms.purpose)}</p><pre>${escapeHtml(sms.text)}</pre></li>`,
    )
    .join('\n');
  return htmlPage({
    title: `SMS enviados a ${phone} (sandbox)`,
    css: 'body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}li{list-style:none;border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap;font-size:1rem;margin:.25rem 0}.meta{color:#555;margin:0}',
    body: `<h1>SMS enviados a ${escapeHtml(phone)}</h1>
<p>Bandeja de salida del entorno sandbox: ningún SMS sale del servidor. Los más recientes primero.</p>
${messages.length === 0 ? '<p>No hay mensajes para este número.</p>' : `<ul>\n${items}\n</ul>`}`,
  });
}
