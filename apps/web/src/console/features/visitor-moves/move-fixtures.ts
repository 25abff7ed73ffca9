import type { CreateMoveResponse, MoveResponse } from '@kippu/contract/console/moves-schemas';
import type { ConsoleSlot, Heatmap } from '@kippu/contract/console/schedule-schemas';

/** Answers of the move and schedule endpoints for the screens' tests, typed by the contract. */
export const PRODUCT = '00000000-0000-4000-8000-000000000011';
const names = { ja: '常設展', en: 'Permanent exhibition', 'zh-hans': '', kr: '', 'zh-hant': '', th: '' };

export function slotFixture(overrides: Partial<ConsoleSlot> = {}): ConsoleSlot {
  return {
    id: 101,
    product_uuid: PRODUCT,
    date: '2026-12-05',
    start_time: '10:00',
    end_time: '11:00',
    starts_at: '2026-12-05T01:00:00Z',
    ends_at: '2026-12-05T02:00:00Z',
    capacity: 20,
    sold: 12,
    held: 0,
    on_sale: false,
    version: 1,
    edited_by_hand: false,
    started: false,
    ...overrides,
  };
}

export function heatmapFixture(from: string, to: string, slots: ConsoleSlot[]): Heatmap {
  return {
    site: 'MORI',
    from,
    to,
    products: [{ uuid: PRODUCT, product_type: 'time', names, future_slots: 40 }],
    slots,
  };
}

const slot = (id: number, at: string) => ({
  id,
  starts_at: at,
  ends_at: new Date(Date.parse(at) + 3_600_000).toISOString(),
  on_sale: true,
});

export function previewFixture(): CreateMoveResponse {
  return {
    preview: true,
    move_id: null,
    plan: {
      product_uuid: PRODUCT,
      product_type: 'time',
      product_names: names,
      source_slots: [{ ...slot(101, '2026-12-05T01:00:00Z'), on_sale: false }],
      targets: [{ ...slot(201, '2026-12-06T01:00:00Z'), free: 3, planned: 3 }],
      rows: [
        {
          reservation_id: 1,
          reservation_number: 'R-0001',
          purchased_at: '2026-11-01T03:00:00Z',
          from_slot_id: 101,
          tickets: 2,
          target_slot_id: 201,
          outcome: 'move',
        },
        {
          reservation_id: 2,
          reservation_number: 'R-0002',
          purchased_at: '2026-11-02T03:00:00Z',
          from_slot_id: 101,
          tickets: 1,
          target_slot_id: 201,
          outcome: 'move',
        },
        {
          reservation_id: 3,
          reservation_number: 'R-0003',
          purchased_at: '2026-11-03T03:00:00Z',
          from_slot_id: 101,
          tickets: 2,
          target_slot_id: null,
          outcome: 'refund',
        },
      ],
      counts: { reservations: 3, tickets: 5, fits: 2, does_not_fit: 1, refund_yen: 3600 },
    },
  };
}

export function moveFixture(status: 'running' | 'done'): MoveResponse {
  const from = { ...slot(101, '2026-12-05T01:00:00Z'), on_sale: false };
  const to = slot(201, '2026-12-06T01:00:00Z');
  const done = status === 'done';
  const item = (id: number, state: MoveResponse['items'][number]['state'], reason: string | null) => ({
    id,
    reservation_id: id,
    reservation_number: `R-000${id}`,
    tickets: 1,
    from_slot: from,
    planned_slot: state === 'refunded' || reason === 'no_room' ? null : to,
    moved_to: state === 'moved' ? to : null,
    state,
    reason,
    visitor_choice: null,
    mails: state === 'pending' ? 0 : 1,
    finished_at: state === 'pending' ? null : '2026-11-28T10:00:00Z',
  });
  return {
    move: {
      id: 7,
      status,
      source: { kind: 'day', product_uuid: PRODUCT, date: '2026-12-05' },
      product_uuid: PRODUCT,
      product_names: names,
      fallback: 'refund',
      deadline: null,
      total: 4,
      counts: done
        ? { pending: 0, moved: 2, refunded: 1, left: 0, failed: 1 }
        : { pending: 3, moved: 1, refunded: 0, left: 0, failed: 0 },
      created_at: '2026-11-28T09:59:00Z',
      finished_at: done ? '2026-11-28T10:01:00Z' : null,
    },
    items: [
      item(1, 'moved', null),
      item(2, done ? 'moved' : 'pending', null),
      item(3, done ? 'refunded' : 'pending', done ? 'no_room' : null),
      item(4, done ? 'failed' : 'pending', done ? 'ticket_used' : null),
    ],
  };
}
