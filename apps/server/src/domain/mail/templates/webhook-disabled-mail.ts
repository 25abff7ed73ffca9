import type { OutboxMailOf } from '../mail-kinds.ts';
import type { MailDocument } from './mail-layout.ts';
import { mailText } from './mail-texts.ts';

/** To an owner: a webhook subscription was turned off (issue 30, ADR 087), why, and where to turn it on again. */
export function webhookDisabledDocument({ lang, payload }: OutboxMailOf<'webhook_disabled'>): MailDocument {
  const organisation = payload.organisationName;
  return {
    lang,
    subject: mailText(lang, 'email_webhook_disabled_subject', { organisation }),
    siteName: organisation,
    preheader: mailText(lang, 'email_webhook_disabled_preheader', { target: payload.target }),
    heading: mailText(lang, 'email_webhook_disabled_heading'),
    paragraphs: [
      mailText(
        lang,
        payload.reason === 'gone' ? 'email_webhook_disabled_body_gone' : 'email_webhook_disabled_body_failures',
        { target: payload.target },
      ),
    ],
    tables: [],
    action: { label: mailText(lang, 'email_webhook_disabled_button'), url: payload.webhookUrl },
    notes: [mailText(lang, 'email_webhook_disabled_note')],
  };
}
