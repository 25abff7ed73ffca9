import type { TFunction } from 'i18next';
import type { LangCode } from '@kippu/contract/enums';
import type { SiteSettings } from '@kippu/contract/site-settings';

/** The document's title (spec §2): the site's own for the language, else the product's default text. */
export function pageTitle(settings: SiteSettings | undefined, lang: LangCode, t: TFunction): string {
  return settings?.pageTitle[lang] || t('common_default_page_title', { defaultValue: 'Kippu' });
}
