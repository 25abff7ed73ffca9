import type { ConsoleTexts } from '../../shared/i18n/console-i18n.tsx';
import { ACTOR_TEXTS } from '../../shared/actors/texts.ts';
import { combinedTexts, featureTexts } from '../../shared/i18n/feature-texts.tsx';

/**
 * The orders screens' texts (the search and one order), with the actors' words for the timeline
 * (shared/actors), loaded with them (feature-texts.tsx).
 */
export const TEXTS = combinedTexts(
  featureTexts('orders', import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' })),
  ACTOR_TEXTS,
);
