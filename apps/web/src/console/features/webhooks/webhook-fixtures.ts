import {
  webhookDeliverySchema,
  webhookSchema,
  type WebhookDeliveryView,
  type WebhookView,
} from '@kippu/contract/console/webhooks-schemas';

/** A subscription as the API answers it, checked against the contract so the tests cannot drift from it. */
export function webhookFixture(overrides: Partial<WebhookView> = {}): WebhookView {
  return webhookSchema.parse({
    id: 5,
    url: 'https://hooks.example.com/kippu',
    description: 'Ticket desk',
    event_types: ['reservation.created', 'ticket.checked_in'],
    site_codes: null,
    enabled: true,
    disabled_reason: null,
    disabled_at: null,
    consecutive_failures: 0,
    previous_secret_expires_at: null,
    created_at: '2026-11-20T01:00:00.000Z',
    updated_at: '2026-11-20T01:00:00.000Z',
    ...overrides,
  });
}

/** A delivery that failed twice with 500 and then got 200, as acceptance 2 of issue 30 describes. */
export function deliveryFixture(overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView {
  return webhookDeliverySchema.parse({
    id: 91,
    event_id: 'evt_0001',
    event_type: 'reservation.created',
    site_code: 'MORI',
    status: 'delivered',
    attempts: [
      attempt(1, 500, 'Internal Server Error'),
      attempt(2, 500, 'Internal Server Error'),
      attempt(3, 200, '{"ok":true}'),
    ],
    next_attempt_at: null,
    created_at: '2026-11-28T02:00:00.000Z',
    ...overrides,
  });
}

function attempt(number: number, status: number, excerpt: string) {
  return {
    number,
    at: `2026-11-28T02:0${number}:00.000Z`,
    status_code: status,
    duration_ms: 100 + number,
    error: null,
    response_excerpt: excerpt,
    manual: false,
  };
}
