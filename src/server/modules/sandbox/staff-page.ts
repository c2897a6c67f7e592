import type { FastifyInstance } from 'fastify';
import { groupedSecret, TOTP_PERIOD_SECONDS, totpCode } from '../../auth/totp.ts';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../db/seed/demo-staff-accounts.ts';
import { escapeHtml, htmlPage } from '../../http/html.ts';

/**
 * `GET /sandbox/staff` (sandbox only): the demo staff's logins with the TOTP code of this moment, so a demo of the
 * back office needs no authenticator app; `{ data: [...] }` for a client that asks for JSON (browser tests).
 */
export function sandboxStaffRoutes(app: FastifyInstance): void {
  app.get('/sandbox/staff', async (request, reply) => {
    const now = app.clock.now();
    const secondsLeft = TOTP_PERIOD_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_PERIOD_SECONDS);
    const staff = demoStaff.map((member) => ({
      email: member.email,
      fullName: member.fullName,
      role: member.role,
      password: DEMO_STAFF_PASSWORD,
      secret: groupedSecret(member.totpSecret),
      code: totpCode(member.totpSecret, now),
    }));
    reply.header('cache-control', 'no-store');
    if (!request.headers.accept?.includes('text/html')) return { data: { secondsLeft, staff } };
    const rows = staff
      .map(
        (member) =>
          `<tr><td>${escapeHtml(member.email)}</td><td>${escapeHtml(member.role)}</td><td><code>${escapeHtml(member.secret)}</code></td><td><strong>${escapeHtml(member.code)}</strong></td></tr>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(
      htmlPage({
        title: 'Empleados de demostración (sandbox)',
        css: 'body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.4rem .6rem;text-align:left}code{font-size:.9rem}',
        body: `<h1>Empleados de demostración</h1>
<p>Contraseña de todos: <code>${escapeHtml(DEMO_STAFF_PASSWORD)}</code>. El código cambia cada ${TOTP_PERIOD_SECONDS} segundos (este vale ${secondsLeft} s más); recarga la página para ver el siguiente, o añade el secreto a tu app de autenticación.</p>
<table><thead><tr><th scope="col">Correo</th><th scope="col">Rol</th><th scope="col">Secreto TOTP</th><th scope="col">Código ahora</th></tr></thead>
<tbody>
${rows}
</tbody></table>`,
      }),
    );
  });
}
