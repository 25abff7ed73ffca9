import { htmlLang, type LangCode } from '@kippu/contract';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { mailText } from './mail-texts.ts';
import type { DetailRow } from './visit-time.ts';

/** The parts of a mail, laid out the same way for every kind as HTML and as plain text. */
export interface MailDocument {
  lang: LangCode;
  subject: string;
  siteName: string;
  /** The line mail clients show after the subject in the inbox. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  tables: { title?: string; rows: DetailRow[] }[];
  action: { label: string; url: string };
  /** Smaller print after the button. */
  notes: MailNote[];
}

/**
 * A note is a sentence, or a sentence that names an address (`url`, already filled into `text` wherever
 * the language puts it): the HTML links that address, the plain text keeps it as it is.
 */
export type MailNote = string | { text: string; url: string };

// CJK and Thai faces first where a system has them, so every language reads in a native font.
const FONT =
  "-apple-system,BlinkMacSystemFont,'Segoe UI','Hiragino Sans','Hiragino Kaku Gothic ProN',Meiryo,'Noto Sans JP','Noto Sans KR','Noto Sans Thai','PingFang SC','Microsoft JhengHei',Arial,sans-serif";
const INK = '#111827';
const BODY = '#374151';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';

function table(title: string | undefined, rows: DetailRow[]): string {
  const heading = title
    ? `<tr><td colspan="2" style="padding:0 0 8px;font:600 13px/1.5 ${FONT};color:${MUTED};text-transform:uppercase;letter-spacing:.04em;">${escapeHtml(title)}</td></tr>`
    : '';
  const body = rows
    .map((row) => {
      const weight = row.strong ? 700 : 400;
      const size = row.strong ? 17 : 15;
      return `<tr>
<td style="padding:10px 12px 10px 0;border-top:1px solid ${RULE};font:400 14px/1.5 ${FONT};color:${MUTED};vertical-align:top;">${escapeHtml(row.label)}</td>
<td align="right" style="padding:10px 0;border-top:1px solid ${RULE};font:${weight} ${size}px/1.5 ${FONT};color:${INK};vertical-align:top;">${escapeHtml(row.value)}</td>
</tr>`;
    })
    .join('\n');
  return `<tr><td style="padding:8px 32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${heading}${body}</table>
</td></tr>`;
}

/** An address shown as itself and clickable: every URL in an HTML mail is a link. */
function link(url: string): string {
  const href = escapeHtml(url);
  return `<a href="${href}" style="color:#2563eb;word-break:break-all;">${href}</a>`;
}

function noteHtml(note: MailNote): string {
  if (typeof note === 'string') return escapeHtml(note);
  // A function replacement, so a `$` in the address is not read as a pattern.
  return escapeHtml(note.text).replace(escapeHtml(note.url), () => link(note.url));
}

/** A polished, client-safe HTML mail: one centred 600 px card of nested tables and inline styles. */
export function renderHtml(doc: MailDocument): string {
  const url = escapeHtml(doc.action.url);
  const paragraphs = doc.paragraphs
    .map(
      (text) => `<p style="margin:0 0 16px;font:400 15px/1.7 ${FONT};color:${BODY};">${escapeHtml(text)}</p>`,
    )
    .join('\n');
  const notes = doc.notes
    .map(
      (note) => `<p style="margin:0 0 12px;font:400 13px/1.6 ${FONT};color:${MUTED};">${noteHtml(note)}</p>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="${htmlLang(doc.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(doc.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(doc.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:12px;border:1px solid ${RULE};">
<tr><td style="background:${INK};border-radius:12px 12px 0 0;padding:20px 32px;font:600 18px/1.4 ${FONT};color:#ffffff;letter-spacing:.02em;">${escapeHtml(doc.siteName)}</td></tr>
<tr><td style="padding:32px 32px 8px;">
<h1 style="margin:0 0 16px;font:700 22px/1.4 ${FONT};color:${INK};">${escapeHtml(doc.heading)}</h1>
${paragraphs}
</td></tr>
${doc.tables.map((t) => table(t.title, t.rows)).join('\n')}
<tr><td align="center" style="padding:8px 32px 24px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td align="center" style="border-radius:8px;background:${INK};">
<a href="${url}" style="display:inline-block;padding:14px 36px;font:600 16px/1.2 ${FONT};color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(doc.action.label)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:0 32px 24px;">
${notes}
<p style="margin:0;font:400 12px/1.6 ${FONT};color:${MUTED};">${escapeHtml(mailText(doc.lang, 'email_link_fallback'))}<br>
${link(doc.action.url)}</p>
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td align="center" style="padding:16px 32px;font:400 12px/1.6 ${FONT};color:#9ca3af;">${escapeHtml(
    mailText(doc.lang, 'email_footer_automatic', { site: doc.siteName }),
  )}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The same mail as plain text, for clients that show no HTML (and for spam filters, which want both). */
export function renderText(doc: MailDocument): string {
  const blocks: string[] = [doc.siteName, doc.heading, ...doc.paragraphs];
  for (const t of doc.tables) {
    const rows = t.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    blocks.push(t.title ? `[${t.title}]\n${rows}` : rows);
  }
  blocks.push(
    `${doc.action.label}:\n${doc.action.url}`,
    ...doc.notes.map((note) => (typeof note === 'string' ? note : note.text)),
  );
  blocks.push(`--\n${mailText(doc.lang, 'email_footer_automatic', { site: doc.siteName })}`);
  return `${blocks.join('\n\n')}\n`;
}
