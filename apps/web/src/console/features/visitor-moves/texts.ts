import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { featureTexts } from '../../shared/i18n/feature-texts.tsx';

/** The move screens' texts, loaded with them (feature-texts.tsx). */
export const TEXTS = featureTexts(
  'visitor-moves',
  import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' }),
);
