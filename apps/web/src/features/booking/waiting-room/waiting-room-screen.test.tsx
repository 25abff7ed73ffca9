import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAITING_ROOM_TOKEN_HEADER } from '@kippu/contract/endpoints/waiting-room';
import type { LangCode } from '@kippu/contract/enums';
import { ERRORS, type ErrorCode } from '@kippu/contract/errors';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { selectIsBusy, useRequestStore } from '../../../shared/stores/request-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import { PRODUCTS, TIMED } from '../order/order-test-doubles.ts';
import { useSaveOrder } from '../order/use-save-order.ts';
import WaitingRoomScreen from '../screens/waiting-room-screen.tsx';
import { QUEUE_TOKEN_HEADER } from './api/waiting-room-calls.ts';
import {
  readAdmission,
  readPendingOrder,
  saveAdmission,
  savePendingOrder,
  type PendingOrder,
} from './pending-order.ts';
import { WAITING_ROOM_RETRY } from './use-waiting-room.ts';

type Entry = {
  state: 'waiting' | 'admitted' | 'expired' | 'sold_out' | 'closed';
  position?: number | null;
  estimated_wait_seconds?: number | null;
  admitted_until?: string | null;
  token?: string;
};
type Call = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };
type Answer = { status: number; body: unknown } | 'network-error' | 'hang';
type Reply = Answer | Promise<Answer>;

const entry = ({ token = 'place-1', ...fields }: Entry) => ({
  product_id: 7,
  product_uuid: TIMED,
  token,
  position: null,
  estimated_wait_seconds: null,
  admitted_until: null,
  ...fields,
});
/** A reply the test sends when it chooses. */
function later() {
  let send!: (answer: Answer) => void;
  const reply = new Promise<Answer>((resolve) => (send = resolve));
  return { reply, send };
}
const ok = (body: unknown): Answer => ({ status: 200, body });
const refusal = (code: ErrorCode): Answer => ({
  status: ERRORS[code].status,
  body: { error: ERRORS[code].message },
});
const CREATED = {
  status: 201,
  body: { order_token: 'held-1', expires_at: '2030-01-01T00:10:00Z', price: 6000 },
};

/**
 * The server as the screen meets it: each route answers from its list in turn (the last repeats); a long
 * poll with nothing left to say hangs until the page gives it up, as the real one waits up to 20 s.
 */
function serveQueue(script: Record<string, Reply[]>) {
  const calls: Call[] = [];
  const used: Record<string, number> = {};
  const fetchDouble = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^.*\/api\/v1\//, '');
    const method = init?.method ?? 'GET';
    const key = `${method} ${path}`;
    calls.push({
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const longPoll = key === 'GET waiting-room/entries/current';
    const replies = script[key] ?? (longPoll ? [] : [{ status: 404, body: { error: 'not found' } }]);
    const index = used[key] ?? 0;
    used[key] = index + 1;
    const reply = await (index < replies.length ? replies[index]! : longPoll ? 'hang' : replies.at(-1)!);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchDouble);
  return calls;
}

const PENDING: PendingOrder = {
  productUuid: TIMED,
  productType: 'time',
  body: {
    lang: 'en',
    product_uuid: TIMED,
    time_span_id: 101,
    quantity: 2,
    option_values: [{ option_value_id: 11, quantity: 2 }],
    set_products: [],
  },
  page: {
    productOptions: [],
    selection: { productUuid: TIMED, date: '2026-05-12', slotId: 101, tickets: { 11: 2 }, addOns: {} },
    productName: 'Timed entry',
    slot: { start: '2026-05-12T10:00:00+09:00', end: '2026-05-12T11:00:00+09:00' },
  },
  reason: 'required',
};

const routes = [
  { path: '/waiting-room', element: <WaitingRoomScreen /> },
  { path: '/order', element: <p>Order step</p> },
  { path: '/sign-in', element: <p>Sign-in step</p> },
];

async function openWaitingRoom(pending: PendingOrder = PENDING, lang: LangCode = 'en') {
  useCoreStore.setState({ configuration: configuration({}) });
  savePendingOrder(pending);
  return renderRoutes(routes, '/waiting-room', lang);
}

const inFuture = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const of = (calls: Call[], key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);

describe('waiting room', { timeout: 20_000 }, () => {
  beforeEach(() => {
    WAITING_ROOM_RETRY.baseMs = 5;
    WAITING_ROOM_RETRY.idleMs = 5;
  });
  afterEach(() => {
    WAITING_ROOM_RETRY.baseMs = 1000;
    WAITING_ROOM_RETRY.idleMs = 20_000;
    vi.unstubAllGlobals();
  });

  it('joins, shows the place and the wait in the visitor’s language, and follows the long poll', async () => {
    const first = later();
    const calls = serveQueue({
      'POST waiting-room/entries': [
        ok(entry({ state: 'waiting', position: 120, estimated_wait_seconds: 540 })),
      ],
      'GET waiting-room/entries/current': [
        first.reply,
        ok(entry({ state: 'waiting', position: 1, estimated_wait_seconds: 5 })),
      ],
    });
    const { container } = await openWaitingRoom();
    expect(await screen.findByText('No. 120')).toBeTruthy();
    expect(screen.getByText('About 9 minutes')).toBeTruthy();
    expect(screen.getByText('Reloading the page keeps your place.')).toBeTruthy();
    expect(screen.getByText('Opening more tabs or windows does not move you forward.')).toBeTruthy();
    expect(screen.getByText('Timed entry')).toBeTruthy();
    // The first place is told to screen readers at once, politely.
    const live = container.querySelector('.waiting-room__live')!;
    await waitFor(() =>
      expect(live.textContent).toBe('You are number 120 in the queue. Estimated wait: About 9 minutes.'),
    );
    // Waiting is no "loading": the long poll in flight shows no loading bar.
    await waitFor(() => expect(of(calls, 'GET waiting-room/entries/current')).toHaveLength(1));
    expect(selectIsBusy(useRequestStore.getState())).toBe(false);

    first.send(ok(entry({ state: 'waiting', position: 3, estimated_wait_seconds: 20 })));

    expect(await screen.findByText('You are next')).toBeTruthy();
    expect(screen.getByText('Less than a minute')).toBeTruthy();
    // A moving place is not read out at every step: the region still says the first one.
    expect(live.textContent).toContain('number 120');
    expect(of(calls, 'POST waiting-room/entries')[0]!.body).toEqual({ product_uuid: TIMED });
    const polls = of(calls, 'GET waiting-room/entries/current');
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect([polls[0]!.query.get('product_uuid'), polls[0]!.query.get('wait')]).toEqual([TIMED, '1']);
    // Each poll says the state it last saw, so a change between two polls is answered at once.
    expect(polls.map((poll) => poll.query.get('seen'))).toEqual(polls.map(() => 'waiting'));
    // The place goes back in its header too, for a browser that keeps no cookie.
    expect(polls[0]!.headers.get(QUEUE_TOKEN_HEADER)).toBe('place-1');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('admitted: says so with the time left, holds the kept choice and moves on', async () => {
    const calls = serveQueue({
      'POST waiting-room/entries': [ok(entry({ state: 'waiting', position: 2, estimated_wait_seconds: 10 }))],
      'GET waiting-room/entries/current': [ok(entry({ state: 'admitted', admitted_until: inFuture(300) }))],
      'POST orders': [CREATED],
    });
    await openWaitingRoom();
    expect(await screen.findByText('Sign-in step')).toBeTruthy();
    const hold = of(calls, 'POST orders')[0]!;
    expect(hold.body).toEqual(PENDING.body);
    expect(hold.headers.get(QUEUE_TOKEN_HEADER)).toBe('place-1');
    const store = useCoreStore.getState();
    expect(store.orderToken).toBe('held-1');
    expect((store.savedOrder as unknown as { selection: unknown }).selection).toEqual(PENDING.page.selection);
    expect(readPendingOrder()).toBeNull();
    // Kept for a change of choice within the window (the order step holds again with it).
    expect(readAdmission(TIMED)?.token).toBe('place-1');
  });

  it('a poll that answers while the hold uses the admission does not end the turn: the hold decides', async () => {
    const holdAnswer = later();
    const pollAnswer = later();
    const calls = serveQueue({
      'POST waiting-room/entries': [ok(entry({ state: 'admitted', admitted_until: inFuture(125) }))],
      // The server reads a used admission as `expired` until a failed hold gives it back.
      'GET waiting-room/entries/current': [pollAnswer.reply],
      'POST orders': [holdAnswer.reply, CREATED],
    });
    await openWaitingRoom();
    await waitFor(() => expect(of(calls, 'POST orders')).toHaveLength(1));
    await waitFor(() => expect(of(calls, 'GET waiting-room/entries/current')).toHaveLength(1));
    pollAnswer.send(ok(entry({ state: 'expired' })));
    await new Promise((resolve) => setTimeout(resolve, 30));
    holdAnswer.send(refusal('out_of_stock'));
    await waitFor(() => expect(useDialogStore.getState().dialogs.length).toBe(1));
    expect(screen.getByRole('heading', { name: 'It is your turn' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your turn has ended' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to your tickets' }));
    expect(await screen.findByText('Sign-in step')).toBeTruthy();
  });

  it('a queue no longer in force (closed) holds at once, without a place to send', async () => {
    const calls = serveQueue({
      'POST waiting-room/entries': [ok(entry({ state: 'closed', token: '' }))],
      'POST orders': [CREATED],
    });
    await openWaitingRoom();
    expect(await screen.findByText('Sign-in step')).toBeTruthy();
    expect(of(calls, 'POST orders')[0]!.headers.has(QUEUE_TOKEN_HEADER)).toBe(false);
    expect(of(calls, 'GET waiting-room/entries/current')).toEqual([]);
  });

  it('admitted but the hold fails: the turn and its time left stay, with a button to continue', async () => {
    serveQueue({
      'POST waiting-room/entries': [ok(entry({ state: 'admitted', admitted_until: inFuture(125) }))],
      'POST orders': [refusal('out_of_stock'), CREATED],
    });
    await openWaitingRoom();
    expect(await screen.findByRole('heading', { name: 'It is your turn' })).toBeTruthy();
    await waitFor(() => expect(useDialogStore.getState().dialogs.length).toBe(1));
    expect(screen.getByText('Your tickets are not held yet. Continue before your turn ends.')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^2:0\d left$/);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to your tickets' }));
    expect(await screen.findByText('Sign-in step')).toBeTruthy();
  });

  it('sold out for now: told at once, in the visitor’s language, with the way back to choose again', async () => {
    serveQueue({
      'POST waiting-room/entries': [
        ok(entry({ state: 'waiting', position: 40, estimated_wait_seconds: 200 })),
      ],
      'GET waiting-room/entries/current': [ok(entry({ state: 'sold_out' }))],
    });
    const { container } = await openWaitingRoom(PENDING, 'ja');
    expect(await screen.findByRole('heading', { name: '現在満席です' })).toBeTruthy();
    expect(screen.getByText(/このページを開いたまま/)).toBeTruthy();
    await waitFor(() =>
      expect(container.querySelector('.waiting-room__live')!.textContent).toBe('現在満席です'),
    );
    await userEvent.click(screen.getByRole('link', { name: '別の日付・チケットを選ぶ' }));
    expect(await screen.findByText('Order step')).toBeTruthy();
    expect(readPendingOrder()).toBeNull();
  });

  it('sold out is not the end: the page keeps asking, and held seats that lapse bring the place back', async () => {
    const calls = serveQueue({
      'POST waiting-room/entries': [
        ok(entry({ state: 'waiting', position: 40, estimated_wait_seconds: 200 })),
      ],
      // The server may answer a sold-out place at once: the page waits `idleMs` between those polls.
      'GET waiting-room/entries/current': [
        ok(entry({ state: 'sold_out' })),
        ok(entry({ state: 'sold_out' })),
        ok(entry({ state: 'waiting', position: 3, estimated_wait_seconds: 20 })),
      ],
    });
    await openWaitingRoom();
    expect(await screen.findByRole('heading', { name: 'All seats are taken for now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another date or ticket' })).toBeTruthy();
    expect(await screen.findByText('No. 3')).toBeTruthy();
    // Still waiting: the next long poll is open (the fourth), none after it while it is held.
    await waitFor(() => expect(of(calls, 'GET waiting-room/entries/current')).toHaveLength(4));
    expect(readPendingOrder()).not.toBeNull();
  });

  it('expired: offers to join again, at the back', async () => {
    const calls = serveQueue({
      'POST waiting-room/entries': [
        ok(entry({ state: 'expired' })),
        ok(entry({ state: 'waiting', position: 900, estimated_wait_seconds: 3600, token: 'place-2' })),
      ],
    });
    await openWaitingRoom();
    expect(await screen.findByRole('heading', { name: 'Your turn has ended' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Join the queue again' }));
    expect(await screen.findByText('No. 900')).toBeTruthy();
    expect(screen.getByText('About 60 minutes')).toBeTruthy();
    expect(of(calls, 'POST waiting-room/entries')).toHaveLength(2);
  });

  it('a hold refused as "admission expired" shows the expiry without a dialog, and joins again on request', async () => {
    const calls = serveQueue({
      'POST waiting-room/entries': [
        ok(entry({ state: 'admitted', admitted_until: inFuture(60) })),
        ok(entry({ state: 'waiting', position: 12, estimated_wait_seconds: 90, token: 'place-2' })),
      ],
      'POST orders': [refusal('waiting_room_admission_expired')],
    });
    await openWaitingRoom();
    expect(await screen.findByRole('heading', { name: 'Your turn has ended' })).toBeTruthy();
    expect(useDialogStore.getState().dialogs).toEqual([]);
    // A reload now still shows the expiry (it is kept with the pending order), not a silent new place.
    expect(readPendingOrder()?.reason).toBe('admission-expired');
    await userEvent.click(screen.getByRole('button', { name: 'Join the queue again' }));
    expect(await screen.findByText('No. 12')).toBeTruthy();
    expect(of(calls, 'POST waiting-room/entries')).toHaveLength(2);
    expect(readPendingOrder()?.reason).toBe('required');
  });

  it('network errors: keeps the place on screen, says it is reconnecting, and carries on when back', async () => {
    const calls = serveQueue({
      'POST waiting-room/entries': [
        'network-error',
        ok(entry({ state: 'waiting', position: 8, estimated_wait_seconds: 70 })),
      ],
      'GET waiting-room/entries/current': [
        'network-error',
        { status: 503, body: { error: 'server busy' } },
        ok(entry({ state: 'waiting', position: 5, estimated_wait_seconds: 40 })),
      ],
    });
    await openWaitingRoom();
    expect(await screen.findByText('No. 5')).toBeTruthy();
    expect(screen.queryByText(/The connection was lost/)).toBeNull();
    expect(of(calls, 'POST waiting-room/entries')).toHaveLength(2);
    expect(useDialogStore.getState().dialogs).toEqual([]);
  });

  it('shows the reconnecting note while the server cannot be reached, never a blank screen', async () => {
    serveQueue({
      'POST waiting-room/entries': [ok(entry({ state: 'waiting', position: 8, estimated_wait_seconds: 70 }))],
      'GET waiting-room/entries/current': ['network-error'],
    });
    WAITING_ROOM_RETRY.baseMs = 60_000;
    await openWaitingRoom();
    expect(
      await screen.findByText('The connection was lost. Trying again… Your place is kept.'),
    ).toBeTruthy();
    expect(screen.getByText('No. 8')).toBeTruthy();
  });

  it('without a pending choice there is nothing to wait for: the order screen', async () => {
    serveQueue({});
    useCoreStore.setState({ configuration: configuration({}) });
    await renderRoutes(routes, '/waiting-room');
    expect(await screen.findByText('Order step')).toBeTruthy();
  });

  it('spells the contract’s token header', () => {
    expect(QUEUE_TOKEN_HEADER).toBe(WAITING_ROOM_TOKEN_HEADER);
  });
});

/** The order step's save, as the order form calls it on Continue. */
function SaveButton() {
  const { save } = useSaveOrder();
  const product = PRODUCTS[0]!;
  const slot = {
    id: 101,
    start: '2026-05-12T10:00:00+09:00',
    end: '2026-05-12T11:00:00+09:00',
    capacity: 50,
    remaining: 10,
    status: 'available' as const,
  };
  const selection = { productUuid: TIMED, date: '2026-05-12', slotId: 101, tickets: { 11: 2 }, addOns: {} };
  return (
    <button type="button" onClick={() => void save(product, slot, selection)}>
      Continue
    </button>
  );
}

describe('order step into the waiting room', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());
  const orderRoutes = [
    { path: '/order', element: <SaveButton /> },
    { path: '/waiting-room', element: <p>Waiting room</p> },
    { path: '/sign-in', element: <p>Sign-in step</p> },
  ];

  it('a queue in force (its status) sends the visitor to the waiting room without a hold', async () => {
    const calls = serveQueue({ 'GET waiting-room/status': [ok({ active: true })] });
    useCoreStore.setState({ configuration: configuration({}) });
    await renderRoutes(orderRoutes, '/order');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Waiting room')).toBeTruthy();
    expect(of(calls, 'POST orders')).toEqual([]);
    expect(of(calls, 'GET waiting-room/status')[0]!.query.get('product_uuid')).toBe(TIMED);
    expect(readPendingOrder()).toMatchObject({
      productUuid: TIMED,
      reason: 'required',
      body: { time_span_id: 101, quantity: 2 },
    });
  });

  it.each([
    ['waiting_room_required', 'required'],
    ['waiting_room_admission_expired', 'admission-expired'],
  ] as const)(
    'a hold refused with %s goes to the waiting room, without an error dialog',
    async (code, reason) => {
      serveQueue({ 'GET waiting-room/status': [ok({ active: false })], 'POST orders': [refusal(code)] });
      useCoreStore.setState({ configuration: configuration({}) });
      await renderRoutes(orderRoutes, '/order');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('Waiting room')).toBeTruthy();
      expect(useDialogStore.getState().dialogs).toEqual([]);
      expect(readPendingOrder()?.reason).toBe(reason);
    },
  );

  it('an admitted visitor changing their choice holds again with the admission, not sent to the back', async () => {
    const calls = serveQueue({
      'GET waiting-room/status': [ok({ active: true })],
      'DELETE orders/held-0': [ok({ order_token: 'held-0', status: 'cancelled' })],
      'POST orders': [CREATED],
    });
    useCoreStore.setState({ configuration: configuration({}), orderToken: 'held-0' });
    saveAdmission({ productUuid: TIMED, token: 'place-1', admittedUntil: inFuture(200) });
    await renderRoutes(orderRoutes, '/order');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Sign-in step')).toBeTruthy();
    expect(of(calls, 'GET waiting-room/status')).toEqual([]);
    // The old hold is given back first: the admission covers a replacement only once it is cancelled.
    const order = calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf('DELETE orders/held-0')).toBeLessThan(order.indexOf('POST orders'));
    expect(of(calls, 'POST orders')[0]!.headers.get(QUEUE_TOKEN_HEADER)).toBe('place-1');
    expect(useCoreStore.getState().orderToken).toBe('held-1');
  });

  it('an admission past its window is no excuse: the status sends the visitor to the queue', async () => {
    const calls = serveQueue({ 'GET waiting-room/status': [ok({ active: true })] });
    useCoreStore.setState({ configuration: configuration({}) });
    saveAdmission({ productUuid: TIMED, token: 'place-1', admittedUntil: inFuture(-1) });
    await renderRoutes(orderRoutes, '/order');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Waiting room')).toBeTruthy();
    expect(of(calls, 'POST orders')).toEqual([]);
  });

  it('an admission the server no longer honours: its 409 sends the visitor to the queue and forgets it', async () => {
    serveQueue({
      'GET waiting-room/status': [ok({ active: true })],
      'POST orders': [refusal('waiting_room_admission_expired')],
    });
    useCoreStore.setState({ configuration: configuration({}) });
    saveAdmission({ productUuid: TIMED, token: 'place-1', admittedUntil: inFuture(200) });
    await renderRoutes(orderRoutes, '/order');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Waiting room')).toBeTruthy();
    expect(readPendingOrder()?.reason).toBe('admission-expired');
    expect(readAdmission(TIMED)).toBeNull();
  });

  it('any other refusal keeps its dialog and the order step', async () => {
    serveQueue({ 'POST orders': [refusal('out_of_stock')] });
    useCoreStore.setState({ configuration: configuration({}) });
    await renderRoutes(orderRoutes, '/order');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(useDialogStore.getState().dialogs).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(readPendingOrder()).toBeNull();
    expect(within(document.body).queryByText('Waiting room')).toBeNull();
  });
});
