import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { featureTexts } from '../../shared/i18n/feature-texts.tsx';

/** The member import's texts, loaded with it. */
export const TEXTS = featureTexts(
  'member-import',
  import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' }),
);
