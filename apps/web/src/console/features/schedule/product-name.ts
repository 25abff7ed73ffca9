import { useCallback } from 'react';
import type { LocalizedText } from '@kippu/contract/i18n-text';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

/** A product's name in the staff member's language, Japanese where it has none in it. */
export function useProductName(): (names: LocalizedText) => string {
  const { lang } = useConsoleI18n();
  return useCallback((names) => names[lang] || names.ja, [lang]);
}
