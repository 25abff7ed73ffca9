import { fillPlaceholders } from '@kippu/contract/format/placeholders';
import { DEFAULT_MESSAGE_KEY, type ValidationMessage } from '@kippu/contract/validation/rules';

/** The part of i18next's `t` the adapter needs; the `t` of useTranslation() fits. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Spec §5 default wording, for when not even the default text has been loaded. */
const LAST_RESORT = '{field} is not valid.';

function lookUp(key: string, params: ValidationMessage['params'], t: Translate): string | null {
  const text = t(key, params);
  // i18next answers the key itself when the text is missing.
  if (!text || text === key) return null;
  // i18next already fills {field} and {length}; a plain `t` may not, so fill what is left.
  return fillPlaceholders(text, params);
}

/** The message of a failed rule in the current language, else the default message (spec §5). */
export function translateValidationMessage(message: ValidationMessage, t: Translate): string {
  return (
    lookUp(message.messageKey, message.params, t) ??
    lookUp(DEFAULT_MESSAGE_KEY, message.params, t) ??
    fillPlaceholders(LAST_RESORT, message.params)
  );
}
