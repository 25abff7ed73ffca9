import { apiTokenSchema, type ApiToken } from '@kippu/contract/console/api-tokens-schemas';
import { ROLE_TEMPLATES } from '@kippu/contract/console/permissions';

/** A token as the API lists it, checked against the contract so the tests cannot drift from it. */
export function apiTokenFixture(overrides: Partial<ApiToken> = {}): ApiToken {
  return apiTokenSchema.parse({
    id: 31,
    name: 'Ticket desk export',
    prefix: 'ab12cd34',
    partner_id: null,
    partner_name: null,
    permissions: { ...ROLE_TEMPLATES.gate.permissions, checkIn: 'none', orders: 'read' },
    site_codes: ['MORI'],
    state: 'active',
    expires_at: '2027-02-26T01:00:00.000Z',
    last_used_at: null,
    revoked_at: null,
    created_at: '2026-11-28T01:00:00.000Z',
    created_by_name: 'Demo owner',
    ...overrides,
  });
}
