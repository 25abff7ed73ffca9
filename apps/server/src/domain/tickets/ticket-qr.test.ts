import { describe, expect, it } from 'vitest';
import { newTicketSecret, signTicketQr, verifyTicketQr } from './ticket-qr.ts';

const SECRET = 'test-app-secret-0123456789abcdef-0123456789';

describe('ticket QR payloads', () => {
  const ticket = { id: 1042, secret: newTicketSecret() };
  const genuine = signTicketQr(SECRET, ticket);

  it('a genuine code verifies and names its ticket and secret', () => {
    expect(genuine).toMatch(/^K1\.1042\.[A-Z2-7]{16}\.[A-Z2-7]{26}$/);
    expect(verifyTicketQr(genuine, SECRET)).toEqual({ ticketId: 1042, secret: ticket.secret });
  });

  it('is compact and uses only the QR alphanumeric character set', () => {
    expect(genuine.length).toBeLessThanOrEqual(61); // version 3-M in alphanumeric mode
    expect(genuine).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
  });

  it('an altered ticket id, secret or signature fails', () => {
    const [version, id, secret, signature] = genuine.split('.') as [string, string, string, string];
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    expect(verifyTicketQr([version, '1043', secret, signature].join('.'), SECRET)).toBeNull();
    expect(verifyTicketQr([version, id, flip(secret, 3), signature].join('.'), SECRET)).toBeNull();
    expect(verifyTicketQr([version, id, secret, flip(signature, 0)].join('.'), SECRET)).toBeNull();
    expect(verifyTicketQr([version, id, secret, flip(signature, 25)].join('.'), SECRET)).toBeNull();
  });

  it('a code signed with another key (a forger who does not know APP_SECRET) fails', () => {
    const forged = signTicketQr('another-secret-0123456789abcdef-0123456789', ticket);
    expect(verifyTicketQr(forged, SECRET)).toBeNull();
  });

  it('a secret rotated by a move gives a different code; both are genuine, the database decides which is current', () => {
    const moved = signTicketQr(SECRET, { id: ticket.id, secret: newTicketSecret() });
    expect(moved).not.toBe(genuine);
    expect(verifyTicketQr(moved, SECRET)!.secret).not.toBe(ticket.secret);
  });

  it('malformed payloads fail without throwing', () => {
    for (const payload of [
      '',
      'K1',
      'K2.1042.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAA',
      'K1.01042.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAA',
      'K1.1042.aaaaaaaaaaaaaaaa.AAAAAAAAAAAAAAAAAAAAAAAAAA',
      `${genuine}.`,
      ` ${genuine}`,
      genuine.toLowerCase(),
      'K1.9999999999999999.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect(verifyTicketQr(payload, SECRET), payload).toBeNull();
    }
  });
});

describe('ticket QR payloads across an APP_SECRET rotation (ADR 048)', () => {
  const ROTATED = 'rotated-app-secret-QmVuZWF0aCB0aGUgcGF2ZW1lbnQ';
  const ticket = { id: 7, secret: newTicketSecret() };
  const old = signTicketQr(SECRET, ticket);

  it('a code the previous secret signed verifies when the previous secret is listed, not otherwise', () => {
    expect(verifyTicketQr(old, [ROTATED, SECRET])).toEqual({ ticketId: 7, secret: ticket.secret });
    expect(verifyTicketQr(old, [ROTATED])).toBeNull();
    expect(verifyTicketQr(old, ROTATED)).toBeNull();
  });

  it('a new code is signed with the current secret alone', () => {
    const fresh = signTicketQr(ROTATED, ticket);
    expect(fresh).not.toBe(old);
    expect(verifyTicketQr(fresh, [ROTATED])).not.toBeNull();
    expect(verifyTicketQr(fresh, [SECRET])).toBeNull();
  });
});
