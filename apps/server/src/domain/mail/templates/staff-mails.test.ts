import { LANG_CODES, type LangCode } from '@kippu/contract';
import { describe, expect, it } from 'vitest';
import type { OutboxMail } from '../mail-kinds.ts';
import { renderMail } from './render-mail.ts';

const ACCEPT = 'https://console.example/console/#/invitation/tok_abc';
const RESET = 'https://console.example/console/#/reset/tok_def';
const SIGN_IN = 'https://console.example/console/#/';

function staffMails(lang: LangCode): OutboxMail[] {
  const envelope = { siteCode: 'DEMO', to: 'staff@example.com', lang };
  return [
    {
      ...envelope,
      kind: 'staff_invitation',
      payload: {
        organisationName: 'Harbour Museums',
        inviterName: 'Aiko Owner',
        roleName: 'Gate',
        acceptUrl: ACCEPT,
        expiresAt: '2026-12-05T03:00:00.000Z',
      },
    },
    {
      ...envelope,
      kind: 'staff_password_reset',
      payload: { resetUrl: RESET, expiresAt: '2026-12-05T03:00:00.000Z' },
    },
    {
      ...envelope,
      kind: 'staff_second_factor_reset',
      payload: { organisationName: 'Harbour Museums', resetByName: 'Aiko Owner', signInUrl: SIGN_IN },
    },
  ];
}

const linkOf = (mail: OutboxMail) =>
  mail.kind === 'staff_invitation' ? ACCEPT : mail.kind === 'staff_password_reset' ? RESET : SIGN_IN;

describe('staff mails (issue 27)', () => {
  it.each(LANG_CODES)('render in %s with every placeholder filled and the link in both parts', (lang) => {
    for (const mail of staffMails(lang)) {
      const rendered = renderMail(mail, { uidHost: 'tickets.example' });
      for (const part of [rendered.subject, rendered.html, rendered.text]) {
        expect(part, `${mail.kind} ${lang}`).not.toMatch(/\{\w+\}/);
      }
      expect(rendered.html).toContain(`href="${linkOf(mail)}"`);
      expect(rendered.text).toContain(linkOf(mail));
      if (mail.kind !== 'staff_password_reset') expect(rendered.subject).toContain('Harbour Museums');
      if (mail.kind !== 'staff_password_reset') expect(rendered.text).toContain('Aiko Owner');
    }
  });

  it('speaks the staff member’s language', () => {
    const [ja] = staffMails('ja');
    const [en] = staffMails('en');
    expect(renderMail(ja!, { uidHost: 'x' }).subject).toContain('招待');
    expect(renderMail(en!, { uidHost: 'x' }).subject).toContain('invited');
  });
});
