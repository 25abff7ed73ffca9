import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  gateTicketListResponseSchema,
  type GateTicketListResponse,
} from '@kippu/contract/endpoints/check-in';
import { resetCurrentSite } from '../../../shared/site/detect-site.ts';
import { checkInOffline, dropQueued, queuedCheckIns, storeTicketList } from './offline-gate.ts';

const SIG = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const code = (id: number, secret: string) => `K1.${id}.${secret}.${SIG}`;
const digest = (id: number, secret: string) =>
  createHash('sha256').update(`K1.${id}.${secret}`).digest('hex');

function listed(id: number, secret: string, reservation: number, patch: object = {}) {
  return {
    id,
    digest: digest(id, secret),
    reservation_id: reservation,
    used: false,
    opens_at: null,
    closes_at: null,
    ticket: {
      id,
      sequence: 1,
      option_name: 'Adult',
      product_name: 'Exhibition',
      starts_at: '2026-11-24T01:00:00.000Z',
      ends_at: '2026-11-24T01:30:00.000Z',
      checked_in_at: null,
    },
    ...patch,
  };
}

const LIST: GateTicketListResponse = gateTicketListResponseSchema.parse({
  generated_at: '2026-11-24T00:00:00.000Z',
  tickets: [
    listed(1, 'AAAAAAAAAAAAAAAA', 10),
    listed(2, 'BBBBBBBBBBBBBBBB', 10),
    listed(3, 'CCCCCCCCCCCCCCCC', 11, { used: true }),
    listed(4, 'DDDDDDDDDDDDDDDD', 12, { opens_at: '2026-11-24T00:30:00.000Z' }),
    // No bounds: a whole-day slot (24 November 00:00 to 25 November 00:00 in Tokyo), and one crossing midnight.
    ...(
      [
        [5, 'EEEEEEEEEEEEEEEE', '2026-11-23T15:00:00.000Z', '2026-11-24T15:00:00.000Z'],
        [6, 'FFFFFFFFFFFFFFFF', '2026-11-24T13:00:00.000Z', '2026-11-24T16:00:00.000Z'],
      ] as const
    ).map(([id, secret, starts_at, ends_at]) => {
      const entry = listed(id, secret, 20 + id);
      return { ...entry, ticket: { ...entry.ticket, starts_at, ends_at } };
    }),
  ],
});
const NOW = new Date('2026-11-24T00:10:00.000Z');

describe('the offline gate', () => {
  beforeEach(() => {
    localStorage.clear();
    resetCurrentSite('DEMO');
    storeTicketList(LIST);
  });

  it('admits a listed code once, queues it, and says used the second time', async () => {
    const first = await checkInOffline(code(1, 'AAAAAAAAAAAAAAAA'), 'gate', 'nonce-1-xxxxxxxxxxxx', NOW);
    expect(first).toMatchObject({ result: 'success', admitted: 1 });
    const second = await checkInOffline(code(1, 'AAAAAAAAAAAAAAAA'), 'gate', 'nonce-2-xxxxxxxxxxxx', NOW);
    expect(second.result).toBe('used');
    expect(queuedCheckIns()).toEqual([
      {
        code: code(1, 'AAAAAAAAAAAAAAAA'),
        mode: 'gate',
        nonce: 'nonce-1-xxxxxxxxxxxx',
        scanned_at: NOW.toISOString(),
      },
    ]);
    dropQueued(['nonce-1-xxxxxxxxxxxx']);
    expect(queuedCheckIns()).toEqual([]);
  });

  it('refuses unknown (forged or stale) codes, used tickets and tickets outside their window', async () => {
    const answer = (c: string) =>
      checkInOffline(c, 'gate', 'nonce-x-xxxxxxxxxxxx', NOW).then((a) => a.result);
    expect(await answer(code(1, 'ZZZZZZZZZZZZZZZZ'))).toBe('invalid');
    expect(await answer('not a code')).toBe('invalid');
    expect(await answer(code(3, 'CCCCCCCCCCCCCCCC'))).toBe('used');
    expect(await answer(code(4, 'DDDDDDDDDDDDDDDD'))).toBe('invalid_time');
    expect(queuedCheckIns()).toEqual([]);
  });

  it('never admits on another day, even from a list without bounds (ADR 111: a stored older list)', async () => {
    const answer = (id: number, secret: string, at: string) =>
      checkInOffline(code(id, secret), 'gate', `nonce-${at}-xxxxxxxx`, new Date(at)).then((a) => a.result);
    // Ticket 1 (no bounds) is for 24 November 10:00 in Tokyo: the evening before and the next day are closed.
    expect(await answer(1, 'AAAAAAAAAAAAAAAA', '2026-11-23T14:59:00.000Z')).toBe('invalid_time');
    expect(await answer(1, 'AAAAAAAAAAAAAAAA', '2026-11-24T15:00:01.000Z')).toBe('invalid_time');
    expect(queuedCheckIns()).toEqual([]);
    expect(await answer(1, 'AAAAAAAAAAAAAAAA', '2026-11-23T15:00:00.000Z')).toBe('success');
    // The server's bounds (a product's margins) win when the list has them.
    expect(await answer(4, 'DDDDDDDDDDDDDDDD', '2026-11-24T00:30:00.000Z')).toBe('success');
  });

  it('a list without bounds closes a whole-day slot at midnight and a slot crossing it 30 minutes after its end', async () => {
    const answer = (id: number, secret: string, at: string) =>
      checkInOffline(code(id, secret), 'gate', `nonce-${at}-xxxxxxxx`, new Date(at)).then((a) => a.result);
    expect(await answer(5, 'EEEEEEEEEEEEEEEE', '2026-11-24T15:00:01.000Z')).toBe('invalid_time');
    expect(await answer(6, 'FFFFFFFFFFFFFFFF', '2026-11-24T16:30:01.000Z')).toBe('invalid_time');
    expect(await answer(6, 'FFFFFFFFFFFFFFFF', '2026-11-24T16:29:00.000Z')).toBe('success');
  });

  it('set mode admits the unused rest of the group with one queued check-in', async () => {
    const group = await checkInOffline(code(2, 'BBBBBBBBBBBBBBBB'), 'set', 'nonce-3-xxxxxxxxxxxx', NOW);
    expect(group).toMatchObject({ result: 'success', admitted: 2 });
    expect(queuedCheckIns()).toHaveLength(1);
    expect(
      (await checkInOffline(code(1, 'AAAAAAAAAAAAAAAA'), 'gate', 'nonce-4-xxxxxxxxxxxx', NOW)).result,
    ).toBe('used');
  });
});
