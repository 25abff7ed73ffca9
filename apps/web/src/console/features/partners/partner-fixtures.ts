import { apiTokenSchema } from '@kippu/contract/console/api-tokens-schemas';
import { partnerDetailSchema, type PartnerDetail } from '@kippu/contract/console/partners-schemas';

/** A name in the six languages the contract asks for (the others as the English). */
const named = (en: string, ja: string) => ({ ja, en, 'zh-hans': en, kr: en, 'zh-hant': en, th: en });

/** A partner as GET /partners/:id answers it, checked against the contract so the tests cannot drift from it. */
export function partnerDetailFixture(overrides: Partial<PartnerDetail['partner']> = {}): PartnerDetail {
  const ticketType = (id: number, en: string, ja: string, list: number) => ({
    ticket_type_id: id,
    site_code: 'MORI',
    product_id: 3,
    product_name: named('Forest walk', '森の散歩'),
    ticket_type_name: named(en, ja),
    list_price_yen: list,
  });
  const adult = ticketType(101, 'Adult', '大人', 3200);
  return partnerDetailSchema.parse({
    partner: {
      id: 12,
      name: 'Travel A',
      contact_name: 'Aiko Sato',
      contact_email: 'aiko@travel-a.example',
      mails_customers: true,
      active: true,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-20T00:00:00.000Z',
      net_prices: [{ ...adult, net_price_yen: 2800 }],
      ...overrides,
    },
    tokens: [
      apiTokenSchema.parse({
        id: 40,
        name: 'Travel A live',
        prefix: 'tr4v3la1',
        partner_id: 12,
        partner_name: 'Travel A',
        permissions: {
          catalogue: 'read',
          schedule: 'none',
          orders: 'write',
          refunds: 'none',
          checkIn: 'none',
          reports: 'none',
          settings: 'none',
          staff: 'none',
          integrations: 'none',
        },
        site_codes: null,
        state: 'active',
        expires_at: '2027-11-01T00:00:00.000Z',
        last_used_at: '2026-11-28T00:30:00.000Z',
        revoked_at: null,
        created_at: '2026-11-01T00:00:00.000Z',
        created_by_name: 'Demo owner',
      }),
    ],
    ticket_types: [adult, ticketType(102, 'Child', '子ども', 1600)],
  });
}
