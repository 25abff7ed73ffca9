import type { RefundApprovalsResponse } from '@kippu/contract/console/refunds-schemas';

type Approval = RefundApprovalsResponse['refunds'][number];

/** A refund waiting for approval as the API answers it, for the screen's tests. */
export function approvalFixture(overrides: Partial<Approval> = {}): Approval {
  return {
    id: 71,
    order_id: 501,
    reservation_number: 'R-2026-0001',
    amount: 36000,
    ticket_ids: [11, 12],
    reason: 'visitor_sick',
    requested_by: 'Demo boxOffice',
    requested_at: '2026-11-28T09:00:00Z',
    limit_yen: 10000,
    own: false,
    ...overrides,
  };
}
