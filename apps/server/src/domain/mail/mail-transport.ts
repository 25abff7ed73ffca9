import nodemailer from 'nodemailer';
import type { Env } from '../../config/env.ts';
import type { RenderedMail } from './templates/render-mail.ts';

/** What a delivered row becomes: `sent` over SMTP, `stored` for the development mail page. */
export type DeliveredStatus = 'sent' | 'stored';

export interface OutgoingMail extends RenderedMail {
  to: string;
  /** Stable per outbox row (ADR 016): a mail delivered twice carries the same Message-ID. */
  messageId: string;
}

export interface MailTransport {
  readonly delivers: DeliveredStatus;
  /** Resolves when the mail is accepted; rejects with the SMTP error (`permanent` set for 5xx refusals). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

// Bounded waits: the worker holds its claimed rows' locks while it talks to the server (ADR 016).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** The longest one send can leave the worker's transaction idle: every SMTP wait in a row (ADR 046). */
export const SMTP_SEND_LIMIT_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;

/** MAIL_URL set: nodemailer's SMTP transport on that URL (smtp://, smtps://, with auth and options). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    delivers: 'sent',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments,
        messageId: mail.messageId,
      });
    },
    close: () => transporter.close(),
  };
}

/** MAIL_URL unset: nothing leaves the machine; the row stays in the outbox for the development mail page. */
export const storedTransport: MailTransport = {
  delivers: 'stored',
  send: async () => undefined,
  close: () => undefined,
};

export function createMailTransport(env: Pick<Env, 'MAIL_URL' | 'MAIL_FROM'>): MailTransport {
  return env.MAIL_URL ? smtpTransport(env.MAIL_URL, env.MAIL_FROM) : storedTransport;
}

/** True for an SMTP refusal that retrying cannot fix (5xx: unknown mailbox, message rejected). */
export function isPermanentFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}
