import { escapeHtml, htmlPage } from '../../http/html.ts';

/**
 * The sandbox review page a review link opens (no review provider in the sandbox): five ratings as links, then a
 * thank-you. No script; every value escaped.
 */
export function renderReviewPage(pagePath: string, rating: number | null): string {
  const body =
    rating === null
      ? `<h1>¿Qué tal tu experiencia?</h1>
<p>Tu préstamo está pagado. Cuéntanos qué te ha parecido: elige una valoración.</p>
<ol class="stars">
${[1, 2, 3, 4, 5]
  .map(
    (value) =>
      `<li><a href="${escapeHtml(pagePath)}?rating=${value}" aria-label="${value} de 5 estrellas">${'★'.repeat(value)}${'☆'.repeat(5 - value)}</a></li>`,
  )
  .join('\n')}
</ol>`
      : `<h1>¡Gracias por tu opinión!</h1>
<p>Has valorado tu experiencia con ${rating} de 5 estrellas.</p>`;
  return htmlPage({
    title: 'Deja tu opinión (sandbox)',
    css: 'body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}.stars{list-style:none;padding:0}.stars a{font-size:2rem;color:#f5a623;text-decoration:none}',
    body: `${body}
<p><small>Página de opiniones del entorno sandbox.</small></p>`,
  });
}
