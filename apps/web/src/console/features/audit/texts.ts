import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { ACTOR_TEXTS } from '../../shared/actors/texts.ts';
import { combinedTexts, featureTexts } from '../../shared/i18n/feature-texts.tsx';

/**
 * The audit log's words for its action and object codes (contract AUDIT_ACTIONS, AUDIT_OBJECT_TYPES) and the
 * actors' (shared/actors), loaded with its screens: the console's first screen never carries them.
 */
export const TEXTS = combinedTexts(
  featureTexts('audit', import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' })),
  ACTOR_TEXTS,
);
