import type { OutboxMailOf } from '../mail-kinds.ts';
import type { MailDocument } from './mail-layout.ts';

/**
 * The daily settlement to a chosen staff member (issue 30, ADR 084): the figures per method in the body, the
 * CSV attached (render-mail.ts). Its words were made in the recipient's language when it was queued.
 */
export function dailySettlementDocument({ lang, payload }: OutboxMailOf<'daily_settlement'>): MailDocument {
  return {
    lang,
    subject: payload.subject,
    siteName: payload.organisationName,
    preheader: payload.intro,
    heading: payload.subject,
    paragraphs: [payload.intro],
    tables: [{ rows: payload.rows }],
    action: { label: payload.openLabel, url: payload.reportUrl },
    notes: [payload.note],
  };
}
