import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { featureTexts } from '../../shared/i18n/feature-texts.tsx';

/** The member list's texts, loaded with it. */
export const TEXTS = featureTexts(
  'members',
  import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' }),
);
