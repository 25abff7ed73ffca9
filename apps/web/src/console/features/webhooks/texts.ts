import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { featureTexts } from '../../shared/i18n/feature-texts.tsx';

/** The webhook screens' texts (the list and one subscription with its log), loaded with them. */
export const TEXTS = featureTexts(
  'webhooks',
  import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' }),
);
