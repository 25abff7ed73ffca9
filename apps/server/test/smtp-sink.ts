import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/db/embedded.ts';

/**
 * A local SMTP server for tests (ADR 016): accepts every mail on 127.0.0.1 and keeps it parsed. `stop()`
 * closes the port (SMTP "down": connections are refused), `start()` opens the same port again.
 */
export interface SmtpSink {
  port: number;
  url: string;
  received: ParsedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once `count` mails have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
}

export interface SmtpSinkOptions {
  /** Refuse these recipients with a permanent 550. */
  rejectRecipients?: string[];
  /** Milliseconds each mail takes to be accepted (makes concurrent workers overlap). */
  acceptDelayMs?: number;
}

export async function createSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const port = await freePort();
  const received: ParsedMail[] = [];
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
        simpleParser(stream)
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
