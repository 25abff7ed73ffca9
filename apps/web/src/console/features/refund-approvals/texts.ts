import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { featureTexts } from '../../shared/i18n/feature-texts.tsx';

/** The refund approvals screen's texts, loaded with it (feature-texts.tsx). */
export const TEXTS = featureTexts(
  'refund-approvals',
  import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' }),
);
