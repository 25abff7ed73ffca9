import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKey } from '../../../shared/storage/site-storage.ts';
import { resetCurrentSite } from '../../../shared/site/detect-site.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import { reconnectDelay } from '../gate/use-reconnect.ts';
import GateScannerScreen from './gate-scanner-screen.tsx';

const KEY = 'KG1-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const QUEUED = {
  code: 'K1.1.AAAAAAAAAAAAAAAA.ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  mode: 'gate',
  nonce: 'nonce-queued-xxxxxxxxxxxx',
  scanned_at: '2026-11-29T01:00:00.000Z',
};

/** A gate with one check-in queued offline, and a network that is down until `network.up` is set. */
async function gateOffline(mode: 'reconnect' | null) {
  const network = { up: false };
  /** The sync calls that reached the server (the network up). */
  const replayed: unknown[] = [];
  const down = () => {
    if (!network.up) throw new TypeError('Failed to fetch');
  };
  fakeApi({
    'GET gate/session': () => (down(), ok({ label: 'North gate', tap_code: '12345678' })),
    'GET gate/ticket-list': () => (down(), ok({ generated_at: '2026-11-29T01:00:00.000Z', tickets: [] })),
    'POST gate/check-ins/sync': (call) => {
      down();
      replayed.push(call.body);
      return ok({
        results: [{ nonce: QUEUED.nonce, result: 'success', admitted_twice: false, ticket: null }],
      });
    },
  });
  localStorage.setItem(siteKey('gate.key'), KEY);
  localStorage.setItem(siteKey('gate.queue'), JSON.stringify([QUEUED]));
  useCoreStore.setState({ configuration: { ...configuration(), mode } });
  await renderRoutes([{ path: '/gate', element: <GateScannerScreen /> }], '/gate');
  await elapse(50);
  return { network, replayed };
}

/**
 * Moves the fake clock, then lets real macrotasks run (reading a fetch Response's body is not a timer), so the
 * screen finishes what the timers started without the fake clock moving further.
 */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let turn = 0; turn < 50; turn += 1) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

// The API client checks answers against the contract in tests through a dynamic import: loaded once here,
// so answers settle within a few event-loop turns while the clock is fake.
beforeAll(async () => {
  await import('@kippu/contract/endpoints/all');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  localStorage.clear();
  resetCurrentSite('DEMO');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('mode reconnect at the gate (ADR 112)', () => {
  it('backs off 1 s, 2 s, 4 s ... up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('keeps the screen, says it is reconnecting, and replays the queue within seconds of the network’s return', async () => {
    const { network, replayed } = await gateOffline('reconnect');
    expect(screen.getByText('Offline: checking against today’s ticket list')).toBeTruthy();
    await elapse(1000);
    expect(screen.getByText('Reconnecting automatically (try 1); the screen keeps working.')).toBeTruthy();
    // The scanner is still there to admit visitors offline.
    expect(screen.getByRole('button', { name: 'Start camera' })).toBeTruthy();
    network.up = true;
    // The second try comes 2 s after the first: the queue is replayed then, not at the 15 s sync.
    await elapse(2500);
    expect(replayed).toHaveLength(1);
    expect(replayed[0]).toMatchObject({ check_ins: [QUEUED] });
    await elapse(50);
    expect(document.querySelector('.gate-status__network')!.textContent).toBe('Online');
    expect(screen.queryByText(/Reconnecting automatically/)).toBeNull();
    expect(localStorage.getItem(siteKey('gate.queue'))).toBe('[]');
  });

  it('outside the mode, the gate waits for its regular 15 s sync', async () => {
    const { network, replayed } = await gateOffline(null);
    expect(screen.getByText('Offline: checking against today’s ticket list')).toBeTruthy();
    await elapse(1000);
    network.up = true;
    await elapse(2500);
    expect(replayed).toHaveLength(0);
    expect(screen.queryByText(/Reconnecting automatically/)).toBeNull();
    await elapse(12_500);
    expect(replayed).toHaveLength(1);
  });
});
