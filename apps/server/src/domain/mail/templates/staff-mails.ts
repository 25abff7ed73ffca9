import { formatDate, formatTime } from '@kippu/contract';
import type { OutboxMailOf } from '../mail-kinds.ts';
import type { MailDocument } from './mail-layout.ts';
import { mailText } from './mail-texts.ts';

type StaffMail = OutboxMailOf<'staff_invitation' | 'staff_password_reset' | 'staff_second_factor_reset'>;

/** The console's mails to staff (issue 27), in the staff member's language; signed with the organisation. */
export function staffDocument(mail: StaffMail): MailDocument {
  const { lang } = mail;
  switch (mail.kind) {
    case 'staff_invitation': {
      const { payload } = mail;
      const organisation = payload.organisationName;
      return {
        lang,
        subject: mailText(lang, 'email_staff_invitation_subject', { organisation }),
        siteName: organisation,
        preheader: mailText(lang, 'email_staff_invitation_preheader'),
        heading: mailText(lang, 'email_staff_invitation_heading', { organisation }),
        paragraphs: [
          mailText(lang, 'email_staff_invitation_body', {
            organisation,
            inviter: payload.inviterName,
            role: payload.roleName,
          }),
        ],
        tables: [],
        action: { label: mailText(lang, 'email_staff_invitation_button'), url: payload.acceptUrl },
        notes: [
          mailText(lang, 'email_staff_invitation_expiry', {
            date: formatDate(payload.expiresAt, lang),
            time: formatTime(payload.expiresAt),
          }),
          mailText(lang, 'email_staff_ignore'),
        ],
      };
    }
    case 'staff_password_reset': {
      const { payload } = mail;
      return {
        lang,
        subject: mailText(lang, 'email_staff_reset_subject'),
        siteName: 'Kippu',
        preheader: mailText(lang, 'email_staff_reset_preheader'),
        heading: mailText(lang, 'email_staff_reset_heading'),
        paragraphs: [mailText(lang, 'email_staff_reset_body')],
        tables: [],
        action: { label: mailText(lang, 'email_staff_reset_button'), url: payload.resetUrl },
        notes: [
          mailText(lang, 'email_staff_reset_expiry', {
            date: formatDate(payload.expiresAt, lang),
            time: formatTime(payload.expiresAt),
          }),
          mailText(lang, 'email_staff_ignore'),
        ],
      };
    }
    case 'staff_second_factor_reset': {
      const { payload } = mail;
      const organisation = payload.organisationName;
      return {
        lang,
        subject: mailText(lang, 'email_staff_second_factor_reset_subject', { organisation }),
        siteName: organisation,
        preheader: mailText(lang, 'email_staff_second_factor_reset_preheader'),
        heading: mailText(lang, 'email_staff_second_factor_reset_heading'),
        paragraphs: [
          mailText(lang, 'email_staff_second_factor_reset_body', { organisation, by: payload.resetByName }),
        ],
        tables: [],
        action: { label: mailText(lang, 'email_staff_second_factor_reset_button'), url: payload.signInUrl },
        notes: [mailText(lang, 'email_staff_second_factor_reset_note', { organisation })],
      };
    }
  }
}
