import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/db/embedded.ts';

/**
 * A received mail, parsed (postal-mime, ADR 052): the fields the tests read, `to.text` as mail clients show
 * the recipients (`address` or `name <address>`, comma-separated).
 */
export interface ReceivedMail {
  messageId?: string;
  subject?: string;
  to?: { text: string };
  text?: string;
  html?: string;
}

async function parseMail(raw: Buffer): Promise<ReceivedMail> {
  const mail = await PostalMime.parse(raw);
  const to = (mail.to ?? []).map(({ name, address }) => (name ? `${name} <${address}>` : (address ?? '')));
  return {
    messageId: mail.messageId,
    subject: mail.subject,
    to: to.length > 0 ? { text: to.join(', ') } : undefined,
    text: mail.text,
    html: mail.html,
  };
}

/**
 * A local SMTP server for tests (ADR 016): accepts every mail on 127.0.0.1 and keeps it parsed. `stop()`
 * closes the port (SMTP "down": connections are refused), `start()` opens the same port again.
 */
export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once `count` mails have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

export interface SmtpSinkOptions {
  /** Refuse these recipients with a permanent 550. */
  rejectRecipients?: string[];
  /** Milliseconds each mail takes to be accepted (makes concurrent workers overlap). */
  acceptDelayMs?: number;
}

export async function createSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let server: SMTPServer | undefined;

  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (options.rejectRecipients?.includes(address.address)) {
          const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        new Promise<void>((resolve, reject) => {
          stream.once('end', () => resolve());
          stream.once('error', reject);
        })
          .then(() => parseMail(Buffer.concat(chunks)))
          .then(async (mail) => {
            if (options.acceptDelayMs) await new Promise((r) => setTimeout(r, options.acceptDelayMs));
            received.push(mail);
            for (const wake of waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });

  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async start() {
      server = newServer();
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
  };
  await sink.start();
  return sink;
}
