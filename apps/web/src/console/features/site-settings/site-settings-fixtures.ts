import type { ConsoleSiteSettings, SiteTexts } from '@kippu/contract/console/settings-schemas';
import { LANG_CODES, type LangCode } from '@kippu/contract/enums';
import { siteSettings } from '../../../test/site-settings-fixture.ts';

/** GET /sites/MORI/settings as the contract shapes it (tests override what they look at). */
export function consoleSettings(overrides: Partial<ConsoleSiteSettings> = {}): ConsoleSiteSettings {
  const { calendar: _calendar, ...visitor } = siteSettings();
  // Colours that pass the contrast rule (the visitor fixture's accent is too light for a control).
  const settings = { ...visitor, theme: { ...visitor.theme, accent: '#0b5cad' } };
  return {
    site: { code: 'MORI', slug: 'mori' },
    version: 3,
    settings,
    server: {
      hold_minutes: null,
      few_stock_threshold: 10,
      calendar_colorized: false,
      max_open_orders_per_client: null,
      max_tickets_per_client_slot: 20,
      mode: null,
    },
    field_templates: [
      { field_name: 'fullname', field_type: 'text', is_display: true, is_require: true },
      { field_name: 'email', field_type: 'text', is_display: true, is_require: true },
    ],
    calendar_colors: [],
    payment_methods: [
      { channel: 'web', method: 'gmo', enabled: true },
      { channel: 'web', method: 'stripe', enabled: false },
    ],
    languages: [{ code: 'ja', display_name: '日本語', is_default: true }],
    ...overrides,
  };
}

const byLang = (text: string | null) =>
  Object.fromEntries(LANG_CODES.map((lang) => [lang, text === null ? null : `${text} (${lang})`])) as Record<
    LangCode,
    string | null
  >;

/** GET /sites/MORI/texts: the shared texts, with one override of the site. */
export function consoleTexts(): SiteTexts {
  const keys = [
    'legal_terms_intro',
    'legal_terms_tickets_title',
    'legal_terms_tickets_text',
    'legal_cancellation_label',
    'legal_cancellation_value',
  ];
  return {
    version: 5,
    entries: keys.map((key) => ({
      key,
      shared: byLang(`Shared ${key}`),
      site: key === 'legal_terms_intro' ? byLang('Our own intro') : byLang(null),
    })),
  };
}
