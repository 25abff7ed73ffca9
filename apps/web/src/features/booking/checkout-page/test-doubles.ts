import type { FieldName } from '@kippu/contract/endpoints/field-templates';
import { fieldTemplatesResponseSchema, type FieldTemplate } from '@kippu/contract/endpoints/field-templates';
import { temporaryOrderSchema, type TemporaryOrder } from '@kippu/contract/endpoints/orders';
import { LANG_CODES } from '@kippu/contract/enums';
import { NO_SEND_VALUE, type OptionItem } from '@kippu/contract/i18n-text';
import { siteSettingsSchema, type ConfigurationResponse } from '@kippu/contract/site-settings';
import { configuration } from '../../../test/site-settings-fixture.ts';

/** Test doubles of the checkout screens, parsed by the contract's schemas so they cannot drift from it. */

const inEveryLanguage = (en: string, ja: string) =>
  Object.fromEntries(LANG_CODES.map((lang) => [lang, lang === 'ja' ? ja : en])) as OptionItem['text'];

const option = (value: string, en: string, ja: string): OptionItem => ({
  value,
  text: inEveryLanguage(en, ja),
});
const NO_SELECTION = option(NO_SEND_VALUE, 'Not selected', '選択しない');

/** The site's order form: a template per field name; `shown` lists the displayed ones (true = required). */
export function fieldTemplates(shown: Partial<Record<FieldName, boolean>>): FieldTemplate[] {
  const selects = new Set<FieldName>(['gender', 'age', 'resident_area', 'questionnaire1']);
  const names: FieldName[] = [
    'fullname',
    'email',
    'phone',
    'address',
    'gender',
    'age',
    'resident_area',
    'questionnaire1',
    'questionnaire2',
    'questionnaire3',
    'mail_magazine',
    'teamlab_mail_magazine',
  ];
  return fieldTemplatesResponseSchema.parse(
    names.map((name) => ({
      field_name: name,
      field_type: selects.has(name) ? 'select' : 'text',
      is_display: name in shown,
      is_require: shown[name] ?? false,
    })),
  );
}

/** Site settings with real-looking sign-in option lists (each starting with the no-send item). */
export function checkoutConfiguration(
  overrides: Partial<ConfigurationResponse['settings']> = {},
): ConfigurationResponse {
  const base = configuration(overrides);
  const signIn = {
    residentArea: {
      inputType: 'select' as const,
      options: [NO_SELECTION, option('tokyo', 'Tokyo', '東京都'), option('osaka', 'Osaka', '大阪府')],
    },
    genderOptions: [NO_SELECTION, option('woman', 'Woman', '女性'), option('man', 'Man', '男性')],
    ageOptions: [NO_SELECTION, option('20-29', '20-29', '20代'), option('30-39', '30-39', '30代')],
    question1Items: [
      NO_SELECTION,
      option('sns', 'Social media', 'SNS'),
      option('friend', 'Friends or family', '友人・家族'),
    ],
    mailMagazineDefault: true,
    teamlabMailMagazineDefault: false,
    ...overrides.signIn,
  };
  return { ...base, settings: siteSettingsSchema.parse({ ...base.settings, signIn }) };
}

/** GET /orders/{id}: a holding order of two adult tickets, held for another ten minutes. */
export function temporaryOrder(overrides: Partial<TemporaryOrder> = {}): TemporaryOrder {
  return temporaryOrderSchema.parse({
    lang: 'en',
    price: 7600,
    customer_info: [],
    main_product: {
      product_name: 'Timed entry ticket',
      description: '',
      sale_type: 'time',
      quantity: 2,
      reservation_from: '2030-05-01T01:00:00.000Z',
      reservation_to: '2030-05-01T01:30:00.000Z',
      product_time_span_id: 41,
      naming_right: null,
      caution: '',
      order_options: [{ id: 21, name: 'Adult', type: 'adult', add_cost: 3800, quantity: 2 }],
    },
    set_products: [],
    coupons: [],
    membership_promotion: null,
    status: 'holding',
    expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  });
}
