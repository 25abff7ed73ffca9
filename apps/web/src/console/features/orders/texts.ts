import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { featureTexts } from '../../shared/i18n/feature-texts.tsx';

/** The orders screens' texts (the search and one order), loaded with them (feature-texts.tsx). */
export const TEXTS = featureTexts(
  'orders',
  import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' }),
);
