import { allotmentSchema, type Allotment } from '@kippu/contract/console/allotments-schemas';
import { partnerSchema, type Partner } from '@kippu/contract/console/partners-schemas';
import { heatmapSchema, type Heatmap } from '@kippu/contract/console/schedule-schemas';

/** A name in the six languages the contract asks for (the others as the English). */
const named = (en: string, ja: string) => ({ ja, en, 'zh-hans': en, kr: en, 'zh-hant': en, th: en });

/** An allotment as the API lists it, checked against the contract so the tests cannot drift from it. */
export function allotmentFixture(overrides: Partial<Allotment> = {}): Allotment {
  return allotmentSchema.parse({
    id: 7,
    partner_id: 12,
    partner_name: 'Travel A',
    slot_id: 501,
    product_id: 3,
    product_name: named('Forest walk', '森の散歩'),
    starts_at: '2026-12-05T01:00:00+00:00',
    ends_at: '2026-12-05T02:00:00+00:00',
    quantity: 20,
    sold: 6,
    remaining: 14,
    release_at: '2026-12-03T01:00:00+00:00',
    released_at: null,
    ...overrides,
  });
}

/** One day of the site's slots, as the schedule's heatmap answers it (the new allotment's slot choice). */
export function slotDayFixture(date: string): Heatmap {
  return heatmapSchema.parse({
    site: 'MORI',
    from: date,
    to: date,
    products: [
      {
        uuid: '6f1c2a7e-1d1a-4b7e-9b1a-2f6c1d9e8a01',
        product_type: 'time',
        names: named('Forest walk', '森の散歩'),
        future_slots: 40,
      },
    ],
    slots: [
      {
        id: 501,
        product_uuid: '6f1c2a7e-1d1a-4b7e-9b1a-2f6c1d9e8a01',
        date,
        start_time: '10:00',
        end_time: '11:00',
        starts_at: `${date}T01:00:00.000Z`,
        ends_at: `${date}T02:00:00.000Z`,
        capacity: 50,
        sold: 10,
        held: 2,
        on_sale: true,
        version: 1,
        edited_by_hand: false,
        started: false,
      },
    ],
  });
}

/** A partner of the organisation as GET /partners lists it (the allotment's partner choice). */
export function partnerFixture(): Partner {
  return partnerSchema.parse({
    id: 12,
    name: 'Travel A',
    contact_name: '',
    contact_email: '',
    mails_customers: true,
    active: true,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    net_prices: [],
  });
}
