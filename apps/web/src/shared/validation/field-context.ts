import type { RuleContext } from '@kippu/contract/validation/rules';

/** How a field finds the other fields its rules compare with. */
export interface CrossFieldOptions {
  /** Translated label of the field, shown as {field}. */
  field?: string;
  /** sameEmail: name of the e-mail field this one must repeat. */
  compareWith?: string;
  /** expired: names of the card expiry month and year fields. */
  expiryFields?: { month: string; year: string };
  /** Clock for "expired"; tests pin it. */
  now?: () => Date;
}

function valueAt(values: unknown, path: string): string | undefined {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (current == null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current == null ? undefined : String(current);
}

/** The rule context of one field, read from the values of the whole form. */
export function fieldContext(options: CrossFieldOptions, formValues: unknown): RuleContext {
  const ctx: RuleContext = {};
  if (options.field !== undefined) ctx.field = options.field;
  if (options.now) ctx.now = options.now();
  if (options.compareWith) ctx.other = valueAt(formValues, options.compareWith) ?? '';
  if (options.expiryFields) {
    ctx.expiry = {
      month: valueAt(formValues, options.expiryFields.month),
      year: valueAt(formValues, options.expiryFields.year),
    };
  }
  return ctx;
}
