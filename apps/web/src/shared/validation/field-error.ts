import { validateField, type RuleSpec } from '@kippu/contract/validation/rules';
import { fieldContext, type CrossFieldOptions } from './field-context.ts';
import { translateValidationMessage, type Translate } from './translate-message.ts';

/**
 * The translated message of a field's first failing spec §5 rule, or null when all pass. Numbers are
 * checked as numbers; any other present value as its text.
 */
export function fieldError(
  value: unknown,
  rules: readonly RuleSpec[],
  options: CrossFieldOptions,
  formValues: unknown,
  t: Translate,
): string | null {
  const input = value == null || typeof value === 'number' ? value : String(value);
  const failure = validateField(input, rules, fieldContext(options, formValues));
  return failure ? translateValidationMessage(failure, t) : null;
}
