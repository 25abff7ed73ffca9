import type { ConsoleTexts } from '../i18n/console-i18n.tsx';
import { featureTexts } from '../i18n/feature-texts.tsx';

/**
 * The words for the actors the server names itself (actor-name.ts), loaded with the screens that show an
 * audit event's actor (the audit log, an order's timeline: their texts.ts combine these with their own), so
 * the console's first screen never carries them and neither feature imports the other's.
 */
export const ACTOR_TEXTS = featureTexts(
  'actors',
  import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' }),
);
