import type { RuleSpec } from '@kippu/contract/validation/rules';
import type { Mode } from 'react-hook-form';
import type { CrossFieldOptions } from './field-context.ts';
import { fieldError } from './field-error.ts';
import type { Translate } from './translate-message.ts';

/**
 * Spec §5 "mode aggressive, debounce 0": check on every change from the start, without delay,
 * and show one message per field. Spread into useForm().
 */
export const VALIDATION_FORM_OPTIONS = {
  mode: 'onChange' as Mode,
  reValidateMode: 'onChange',
  criteriaMode: 'firstError',
} as const;

export interface RhfRuleOptions extends CrossFieldOptions {
  t: Translate;
}

/**
 * A react-hook-form `validate` function running the spec §5 rules:
 *   register('email', { validate: toRhfValidate(['required', 'email'], { t, field: t('email') }) })
 * A field that compares with another (sameEmail, expired) should also list it in `deps`, so editing
 * the other field checks this one again.
 */
export function toRhfValidate(rules: readonly RuleSpec[], options: RhfRuleOptions) {
  return (value: unknown, formValues: unknown): true | string => {
    return fieldError(value, rules, options, formValues, options.t) ?? true;
  };
}
