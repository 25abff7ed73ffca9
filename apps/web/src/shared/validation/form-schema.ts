import type { RuleSpec } from '@kippu/contract/validation/rules';
import { z } from 'zod';
import type { CrossFieldOptions } from './field-context.ts';
import { fieldError } from './field-error.ts';
import type { Translate } from './translate-message.ts';

export interface FieldRules extends Omit<CrossFieldOptions, 'now'> {
  rules: readonly RuleSpec[];
}

/**
 * A zod schema for a whole form, for zodResolver: each listed field is checked by its spec §5 rules
 * with the other form values at hand (sameEmail, expired); fields not listed pass through untouched.
 */
export function formSchema<Name extends string>(
  fields: Record<Name, FieldRules>,
  options: { t: Translate; now?: () => Date },
) {
  return z.looseObject({}).superRefine((values, check) => {
    for (const [name, field] of Object.entries(fields) as [Name, FieldRules][]) {
      const message = fieldError(
        values[name],
        field.rules,
        { ...field, now: options.now },
        values,
        options.t,
      );
      if (message) check.addIssue({ code: 'custom', path: [name], message });
    }
  });
}
