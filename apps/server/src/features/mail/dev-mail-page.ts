import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS } from '@kippu/contract';
import { publicHost } from '../../domain/links.ts';
import {
  findOutboxMail,
  linksOf,
  listOutboxMails,
  type OutboxEntry,
} from '../../domain/mail/outbox-mails.ts';
import { escapeHtml } from '../../shared/escape-html.ts';

/** Paths of the development mail page (outside any site: one outbox serves every site). */
export const DEV_MAIL_PATH = '/dev/mails';

const mailParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const listQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
const attachmentParamsSchema = mailParamsSchema.extend({ index: z.coerce.number().int().min(0).max(20) });

// The list page frames the mail; the mail page may be framed by it and runs nothing. Links in a mail open
// in a new tab (<base target>), outside the sandbox, as they would from a mail client.
const LIST_CSP =
  "default-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";
const MAIL_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; frame-ancestors 'self'; base-uri 'self'";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;color:#111827;background:#f3f4f6}
header{background:#111827;color:#fff;padding:16px 24px;display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}
header h1{margin:0;font-size:18px}
header p{margin:0;color:#d1d5db;font-size:13px}
header a{color:#93c5fd;margin-left:auto}
main{display:grid;grid-template-columns:minmax(320px,440px) 1fr;gap:16px;padding:16px;min-height:calc(100vh - 60px)}
@media (max-width:900px){main{grid-template-columns:1fr}}
.list{background:#fff;border:1px solid #e5e7eb;border-radius:8px;overflow:auto;max-height:calc(100vh - 92px);margin:0;padding:0;list-style:none}
.list li{border-bottom:1px solid #e5e7eb}
.list a{display:block;padding:12px 16px;color:inherit;text-decoration:none}
.list a:hover{background:#f9fafb}
.list a[aria-current=true]{background:#eff6ff;box-shadow:inset 3px 0 #2563eb}
.subject{font-weight:600;display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.meta{color:#6b7280;font-size:12px;display:flex;gap:8px;flex-wrap:wrap;margin-top:2px}
.badge{display:inline-block;padding:0 8px;border-radius:999px;font-size:11px;font-weight:600;line-height:18px}
.badge.stored,.badge.sent{background:#dcfce7;color:#166534}
.badge.pending{background:#fef9c3;color:#854d0e}
.badge.failed{background:#fee2e2;color:#991b1b}
.preview{background:#fff;border:1px solid #e5e7eb;border-radius:8px;display:flex;flex-direction:column;min-height:70vh}
.preview dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0;padding:16px;border-bottom:1px solid #e5e7eb}
.preview dt{color:#6b7280}
.preview dd{margin:0;word-break:break-all}
.preview iframe{flex:1;border:0;width:100%;min-height:640px;border-radius:0 0 8px 8px}
.empty{padding:48px;text-align:center;color:#6b7280}
.links a{display:block}
`;

function time(date: Date | null): string {
  return date ? date.toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '—';
}

function listItem(entry: OutboxEntry, selected: boolean): string {
  return `<li><a href="${DEV_MAIL_PATH}?id=${entry.id}"${selected ? ' aria-current="true"' : ''}>
<span class="subject">${escapeHtml(entry.rendered?.subject ?? `(${entry.kind}: cannot be rendered)`)}</span>
<span class="meta"><span class="badge ${entry.status}">${entry.status}</span><span>${escapeHtml(entry.to)}</span>
<span>${time(entry.createdAt)}</span><span>${entry.siteCode} · ${entry.lang}</span></span></a></li>`;
}

function preview(entry: OutboxEntry): string {
  const rendered = entry.rendered;
  const links = rendered
    ? linksOf(rendered.html)
        .map((link) => `<a href="${escapeHtml(link)}" target="_blank" rel="noopener">${escapeHtml(link)}</a>`)
        .join('')
    : '';
  const attachments = (rendered?.attachments ?? [])
    .map(
      (file, index) =>
        `<a href="${DEV_MAIL_PATH}/${entry.id}/attachments/${index}">${escapeHtml(file.filename)}</a>`,
    )
    .join(' ');
  return `<section class="preview" aria-label="Selected mail">
<dl>
<dt>Subject</dt><dd>${escapeHtml(rendered?.subject ?? '(cannot be rendered)')}</dd>
<dt>To</dt><dd>${escapeHtml(entry.to)}</dd>
<dt>Kind</dt><dd>${entry.kind} · ${entry.siteCode} · ${entry.lang}</dd>
<dt>Status</dt><dd><span class="badge ${entry.status}">${entry.status}</span> · ${entry.attempts} attempt(s) · queued ${time(entry.createdAt)} · delivered ${time(entry.sentAt)}</dd>
${entry.lastError ? `<dt>Last error</dt><dd>${escapeHtml(entry.lastError)}</dd>` : ''}
<dt>Links</dt><dd class="links">${links || '—'}</dd>
<dt>Files</dt><dd><a href="${DEV_MAIL_PATH}/${entry.id}/text">plain text</a> · <a href="${DEV_MAIL_PATH}/${entry.id}" target="_blank">HTML in a new tab</a>${attachments ? ` · ${attachments}` : ''}</dd>
</dl>
${rendered ? `<iframe title="Mail preview" src="${DEV_MAIL_PATH}/${entry.id}" sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>` : ''}
</section>`;
}

function listPage(entries: OutboxEntry[], selectedId: number | undefined, smtp: boolean): string {
  const selected = entries.find((entry) => entry.id === selectedId) ?? entries[0];
  const body =
    entries.length === 0
      ? `<p class="empty">No mail yet. Mails appear here as soon as the server queues them (mail confirmation, invitations, purchase confirmations).</p>`
      : `<main><ul class="list" aria-label="Mails, newest first">${entries
          .map((entry) => listItem(entry, entry === selected))
          .join('\n')}</ul>${selected ? preview(selected) : ''}</main>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail outbox · Kippu development</title><style>${STYLE}</style></head>
<body><header><h1>Mail outbox</h1>
<p>Development only. ${smtp ? 'MAIL_URL is set: mails are also delivered over SMTP.' : 'MAIL_URL is not set: mails are stored here instead of being sent.'} Newest first, last 100.</p>
<a href="${DEV_MAIL_PATH}">Refresh</a></header>
${body}
</body></html>`;
}

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ error: ERRORS.not_found.message });
}

/**
 * The development mail page (ADR 016): every queued mail with its HTML, text, links and attachments, so a
 * demo completes without a mail server. English only (a developer tool). Off in production: 404.
 */
export async function devMailPage(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (app.env.NODE_ENV === 'production') {
    app.get(DEV_MAIL_PATH, { schema: { hide: true } }, (_request, reply) => notFound(reply));
    app.get(`${DEV_MAIL_PATH}/*`, { schema: { hide: true } }, (_request, reply) => notFound(reply));
    return;
  }
  const host = publicHost(app.env);

  app.get(DEV_MAIL_PATH, { schema: { hide: true, querystring: listQuerySchema } }, async (request, reply) => {
    const entries = await listOutboxMails(app.db, host);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', LIST_CSP)
      .send(listPage(entries, request.query.id, Boolean(app.env.MAIL_URL)));
  });

  app.get(
    `${DEV_MAIL_PATH}/:id`,
    { schema: { hide: true, params: mailParamsSchema } },
    async (request, reply) => {
      const entry = await findOutboxMail(app.db, request.params.id, host);
      if (!entry?.rendered) return notFound(reply);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', MAIL_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .send(entry.rendered.html.replace('<head>', '<head>\n<base target="_blank">'));
    },
  );

  app.get(
    `${DEV_MAIL_PATH}/:id/text`,
    { schema: { hide: true, params: mailParamsSchema } },
    async (request, reply) => {
      const entry = await findOutboxMail(app.db, request.params.id, host);
      if (!entry?.rendered) return notFound(reply);
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(entry.rendered.text);
    },
  );

  app.get(
    `${DEV_MAIL_PATH}/:id/attachments/:index`,
    { schema: { hide: true, params: attachmentParamsSchema } },
    async (request, reply) => {
      const entry = await findOutboxMail(app.db, request.params.id, host);
      const file = entry?.rendered?.attachments[request.params.index];
      if (!file) return notFound(reply);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
        .send(file.content);
    },
  );
}
