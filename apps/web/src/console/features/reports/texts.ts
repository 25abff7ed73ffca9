import type { LangCode } from '@kippu/contract/enums';
import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { featureTexts, type FeatureTexts } from '../../shared/i18n/feature-texts.tsx';

/** The reports screens' own texts (the list, filters, chart notes, schedules). */
const OWN = featureTexts('reports', import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' }));

/**
 * The reports' titles and column headers, shared with the server's CSV and XLSX headers
 * (`packages/contract/texts/reports/<lang>.json`: `report_title_*`, `report_column_*`, `report_view_*`,
 * `report_group_*`), so a header reads the same on screen and in the file.
 */
const SHARED = import.meta.glob<ConsoleTexts>('../../../../../../packages/contract/texts/reports/*.json', {
  import: 'default',
});

const loaded = new Map<LangCode, Promise<ConsoleTexts>>();

/**
 * Both, loaded with the screen, one chunk per language each. One promise per language, kept: the screen's
 * `use()` (feature-texts.tsx) suspends on it and must see the same promise again after it settles.
 */
export const TEXTS: FeatureTexts = {
  feature: 'reports',
  load(lang: LangCode) {
    let texts = loaded.get(lang);
    if (!texts) {
      const shared = SHARED[`../../../../../../packages/contract/texts/reports/${lang}.json`];
      texts = Promise.all([OWN.load(lang), shared ? shared() : Promise.resolve({})]).then(
        ([own, headers]) => ({ ...headers, ...own }),
      );
      texts.catch(() => loaded.delete(lang));
      loaded.set(lang, texts);
    }
    return texts;
  },
};
