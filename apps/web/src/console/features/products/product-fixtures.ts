import type { ProductDetail } from '@kippu/contract/console/catalogue-products';

/** A text with only some languages written, the others empty. */
export const text = (some: Partial<Record<'ja' | 'en' | 'zh-hans' | 'kr' | 'zh-hant' | 'th', string>>) => ({
  ja: '',
  en: '',
  'zh-hans': '',
  kr: '',
  'zh-hant': '',
  th: '',
  ...some,
});

/** A product as the API answers it, for the screens' tests. */
export function productFixture(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 11,
    uuid: '00000000-0000-4000-8000-000000000011',
    product_type: 'time',
    names: {
      ja: '常設展',
      en: 'Permanent exhibition',
      'zh-hans': '常设展',
      kr: '상설전',
      'zh-hant': '常設展',
      th: '',
    },
    status: 'draft',
    position: 1,
    version: 3,
    sale_channels: ['web', 'pos'],
    sale_starts_at: '2026-12-01T00:00:00+09:00',
    sale_ends_at: null,
    ticket_types: [
      {
        id: 21,
        names: text({ ja: '大人', en: 'Adult' }),
        price: 2000,
        position: 1,
        version: 1,
        in_use: true,
      },
      {
        id: 22,
        names: text({ ja: '子ども', en: 'Child' }),
        price: 1000,
        position: 2,
        version: 1,
        in_use: false,
      },
    ],
    translation_gap_count: 1,
    updated_at: '2026-11-28T08:00:00Z',
    descriptions: { ja: '', en: '', 'zh-hans': '', kr: '', 'zh-hant': '', th: '' },
    cautions: { ja: '', en: '', 'zh-hans': '', kr: '', 'zh-hant': '', th: '' },
    image_url: null,
    min_quantity: 1,
    max_quantity: 10,
    entry_opens_minutes_before: 10,
    entry_closes_minutes_after: 30,
    date_changeable: false,
    date_change_until_minutes: 0,
    date_change_group: null,
    sale_cutoff: 'slot_start',
    set_product_ids: [],
    translation_gaps: [{ field: 'names', languages: ['th'] }],
    deletable: true,
    waiting_room: { enabled: false, opens_at: null, admit_per_minute: null },
    ...overrides,
  };
}
