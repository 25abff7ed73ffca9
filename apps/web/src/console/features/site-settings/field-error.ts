import type { FieldError } from 'react-hook-form';
import type { Translate } from '../../shared/i18n/console-i18n.tsx';

/**
 * The sentence for a field's error: the API's (already in the staff member's language, set from `issues`),
 * a text key this feature's own checks give as their message, or a sentence for the contract's check.
 */
export function fieldErrorText(t: Translate, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const message = error.message ?? '';
  if (error.type === 'server') return message;
  if (message.startsWith('site_settings_')) return t(message);
  if (/site code/.test(message)) return t('site_settings_invalid_code');
  if (/lowercase letters/.test(message)) return t('site_settings_invalid_slug');
  if (/every language/.test(message)) return t('site_settings_invalid_name');
  if (/colour/.test(message)) return t('site_settings_invalid_color');
  if (/date/.test(message)) return t('site_settings_invalid_date');
  if (error.type === 'too_small' || /required/i.test(message)) return t('validation_required');
  return t('site_settings_invalid');
}
