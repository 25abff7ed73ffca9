import { z } from 'zod';
import { validateField, type RuleContext, type RuleSpec, type ValidationMessage } from './rules.ts';

/**
 * A zod string checked by the spec §5 rules. The issue message is the message key; the key and its
 * parameters are in the issue's params, so a client can translate and a server can answer the key.
 */
export function ruleSchema(rules: readonly RuleSpec[], ctx: RuleContext = {}) {
  return z.string().superRefine((value, check) => {
    const failure = validateField(value, rules, ctx);
    if (failure) check.addIssue({ code: 'custom', message: failure.messageKey, params: failure });
  });
}

/** The validation message carried by an issue from ruleSchema, if it is one. */
export function validationMessageOf(issue: object): ValidationMessage | null {
  const params = (issue as { params?: Partial<ValidationMessage> }).params;
  return params && typeof params.messageKey === 'string' && params.params
    ? (params as ValidationMessage)
    : null;
}
