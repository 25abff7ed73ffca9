import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { featureTexts } from '../../shared/i18n/feature-texts.tsx';

/** The partner screens' texts (the list and one partner), loaded with them. */
export const TEXTS = featureTexts(
  'partners',
  import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' }),
);
