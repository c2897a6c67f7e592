import { describe, expect, it } from 'vitest';
import { emailProblem } from '../../../../src/shared/validators/email-deliverable.ts';

describe('emailProblem: the deliverable-address rule of the agreement and the e-mail update', () => {
  it('accepts ordinary addresses, in any case, and the demo customers’ example.com', () => {
    for (const email of [
      'ana.garcia@gmail.com',
      'Ana.Garcia@Hotmail.ES',
      ' lucia.garcia@example.com ',
      'a+b@sub.empresa.es',
    ])
      expect(emailProblem(email), email).toBeNull();
  });

  it('calls text that is not an address a format problem', () => {
    for (const email of ['', 'ana', 'ana@', '@gmail.com', 'ana@@gmail.com', 'ana garcia@gmail.com'])
      expect(emailProblem(email), email).toBe('format');
  });

  it('refuses disposable-mailbox domains and their subdomains, and domains that can never receive mail', () => {
    for (const email of [
      'ana@yopmail.com',
      'ana@MAILINATOR.com',
      'ana@eu.mailinator.com',
      'ana@10minutemail.com',
      'ana@correo.invalid',
      'ana@maquina.localhost',
    ])
      expect(emailProblem(email), email).toBe('undeliverable');
    // A domain that only ends like a listed one is not refused.
    expect(emailProblem('ana@notyopmail.com')).toBeNull();
  });
});
