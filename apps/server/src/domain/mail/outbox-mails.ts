import type { Db } from '../../db/client.ts';
import type { MailKind, OutboxMail } from './mail-kinds.ts';
import { renderMail, type RenderedMail } from './templates/render-mail.ts';

export type OutboxStatus = 'pending' | 'sent' | 'stored' | 'failed';

/** An outbox row as the development mail page shows it, rendered the way the worker renders it. */
export interface OutboxEntry {
  id: number;
  siteCode: string;
  kind: MailKind;
  to: string;
  lang: OutboxMail['lang'];
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** null when the payload cannot be rendered (the worker marks such a row failed). */
  rendered: RenderedMail | null;
}

/** A `mail_outbox` row as the pg driver hands it over. */
export type OutboxRow = {
  id: number;
  site_code: string;
  kind: MailKind;
  to_address: string;
  lang: OutboxMail['lang'];
  payload: OutboxMail['payload'];
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
};

const COLUMNS = `id, site_code, kind, to_address, lang, payload, status, attempts, last_error, created_at, sent_at`;

/** The mail an outbox row holds (the CHECK on `kind` and enqueueMail's types keep payloads in shape). */
export function outboxMailOf(
  row: Pick<OutboxRow, 'kind' | 'site_code' | 'to_address' | 'lang' | 'payload'>,
): OutboxMail {
  return {
    kind: row.kind,
    siteCode: row.site_code,
    to: row.to_address,
    lang: row.lang,
    payload: row.payload,
  } as OutboxMail;
}

function toEntry(row: OutboxRow, uidHost: string): OutboxEntry {
  let rendered: RenderedMail | null;
  try {
    rendered = renderMail(outboxMailOf(row), { uidHost });
  } catch {
    rendered = null;
  }
  return {
    id: Number(row.id),
    siteCode: row.site_code,
    kind: row.kind,
    to: row.to_address,
    lang: row.lang,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    rendered,
  };
}

/** The newest outbox mails first. */
export async function listOutboxMails(db: Db, uidHost: string, limit = 100): Promise<OutboxEntry[]> {
  const { rows } = await db.$client.query<OutboxRow>(
    `SELECT ${COLUMNS} FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => toEntry(row, uidHost));
}

export async function findOutboxMail(db: Db, id: number, uidHost: string): Promise<OutboxEntry | null> {
  const { rows } = await db.$client.query<OutboxRow>(`SELECT ${COLUMNS} FROM mail_outbox WHERE id = $1`, [
    id,
  ]);
  return rows[0] ? toEntry(rows[0], uidHost) : null;
}

/** Every distinct link of a rendered mail, in order of appearance. */
export function linksOf(html: string): string[] {
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) =>
    match[1]!
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
  return [...new Set(links)];
}
