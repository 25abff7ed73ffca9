import type { TimeChangeResponse } from '@kippu/contract/endpoints/time-change';

const visit = (startsAt: string, endsAt: string, name: string) => ({
  product_name: name,
  product_type: 'time' as const,
  time_span_id: 1,
  starts_at: startsAt,
  ends_at: endsAt,
});

/**
 * A pending change of date (GET timechanges/{r}/{t}): two tickets moved from a night entry to a cheaper day
 * entry a week later; tests override only what they look at.
 */
export function timeChange(patch: Partial<TimeChangeResponse> = {}): TimeChangeResponse {
  return {
    status: 'pending',
    expires_at: '2026-12-01T01:20:00.000Z',
    from: visit('2026-12-01T01:00:00.000Z', '2026-12-01T01:30:00.000Z', 'Night entry'),
    to: visit('2026-12-08T01:00:00.000Z', '2026-12-08T01:30:00.000Z', 'Day entry'),
    quantity: 2,
    shared_quantity: 0,
    old_price: 5600,
    new_price: 4800,
    price_difference: -800,
    top_up: 0,
    refund: 0,
    ...patch,
  };
}
