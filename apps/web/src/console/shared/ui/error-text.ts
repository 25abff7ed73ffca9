import { ConsoleApiError } from '../api/console-client.ts';
import type { Translate } from '../i18n/console-i18n.tsx';

/**
 * The localized sentence for a failed call: `error_<code>` from the console's texts when it has one (every
 * console code, and the visitor codes a console screen can meet), else a generic sentence with the status.
 */
export function errorText(t: Translate, error: unknown): string {
  if (error instanceof ConsoleApiError && error.error) {
    const key = error.textKey;
    const text = t(key);
    if (text !== key) return text;
  }
  return t('error_unknown', { status: error instanceof ConsoleApiError ? error.status : '-' });
}
