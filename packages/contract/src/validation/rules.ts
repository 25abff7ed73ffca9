import {
  isAlphaNum,
  isCardName,
  isCardNameContainingHalfWidthSpaces,
  isEmail,
  isMaxLength,
  isMinLength,
  isNotExpired,
  isNumeric,
  isPhone,
  isRequired,
  isSameEmail,
} from './predicates.ts';

/** What a rule may need beyond the value itself. */
export interface RuleContext {
  /** Display name of the field, shown as {field} in messages. */
  field?: string;
  /** Clock for "expired"; defaults to the current time. */
  now?: Date;
  /** sameEmail: the value of the other e-mail field. */
  other?: string | null;
  /** expired: both parts of the card expiry. Without it the value is read as 'MM/YY' or 'MM/YYYY'. */
  expiry?: { month: string | null | undefined; year: string | null | undefined };
}

export const DEFAULT_MESSAGE_KEY = 'common_validate_default';

/** Message keys of spec §5, in the order of its table, then the default. */
export const VALIDATION_MESSAGE_KEYS = [
  'common_validate_max',
  'common_validate_min',
  'common_validate_num',
  'common_validate_required',
  'customer_name_validate',
  'customer_name_containing_half_width_spaces_validate',
  'common_validate_expired',
  'mail_validate_invalid',
  'common_validate_phone',
  'mail_validate_defferent', // spelt as in the spec: the key is shared with the texts table
  'common_validate_alpha_num',
  DEFAULT_MESSAGE_KEY,
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

interface Rule {
  messageKey: ValidationMessageKey;
  /** `param` is the N of max:N / min:N. */
  test: (value: string, param: number | undefined, ctx: RuleContext) => boolean;
}

function expiryParts(value: string, ctx: RuleContext) {
  if (ctx.expiry) return ctx.expiry;
  const [month, year] = value.split('/');
  return { month, year: year ?? '' };
}

export const RULES = {
  max: { messageKey: 'common_validate_max', test: (value, length) => isMaxLength(value, length ?? Infinity) },
  min: { messageKey: 'common_validate_min', test: (value, length) => isMinLength(value, length ?? 0) },
  numeric: { messageKey: 'common_validate_num', test: isNumeric },
  required: { messageKey: 'common_validate_required', test: isRequired },
  cardName: { messageKey: 'customer_name_validate', test: isCardName },
  cardNameContainingHalfWidthSpaces: {
    messageKey: 'customer_name_containing_half_width_spaces_validate',
    test: isCardNameContainingHalfWidthSpaces,
  },
  expired: {
    messageKey: 'common_validate_expired',
    test: (value, _param, ctx) => {
      const { month, year } = expiryParts(value, ctx);
      return isNotExpired(month, year, ctx.now ?? new Date());
    },
  },
  email: { messageKey: 'mail_validate_invalid', test: isEmail },
  phone: { messageKey: 'common_validate_phone', test: isPhone },
  sameEmail: {
    messageKey: 'mail_validate_defferent',
    test: (value, _param, ctx) => isSameEmail(value, ctx.other),
  },
  alpha_num: { messageKey: 'common_validate_alpha_num', test: isAlphaNum },
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;
/** A rule as a field declares it: a name, or max:N / min:N with the length. */
export type RuleSpec = Exclude<RuleName, 'max' | 'min'> | `max:${number}` | `min:${number}`;

export interface ValidationMessage {
  messageKey: ValidationMessageKey;
  params: { field: string; length?: number };
}

function parseRule(spec: RuleSpec): { name: RuleName; param?: number } {
  const [name, raw] = spec.split(':') as [string, string | undefined];
  if (!(name in RULES)) throw new Error(`Unknown validation rule: ${spec}`);
  if (name !== 'max' && name !== 'min') return { name: name as RuleName };
  const param = Number(raw);
  if (raw === undefined || !Number.isInteger(param) || param < 0) {
    throw new Error(`Rule ${name} needs a length, as in ${name}:30 (got ${spec})`);
  }
  return { name, param };
}

/** null, undefined and '' are empty; a value of spaces is not (only "required" trims). */
function isEmpty(value: string | number | null | undefined): boolean {
  return value == null || value === '';
}

/**
 * Runs the rules in order and answers the first failure, or null when the value passes (spec §5:
 * stop at the first failure; an empty optional field is skipped by every rule except required).
 */
export function validateField(
  value: string | number | null | undefined,
  rules: readonly RuleSpec[],
  ctx: RuleContext = {},
): ValidationMessage | null {
  const empty = isEmpty(value);
  const text = value == null ? '' : String(value);
  for (const spec of rules) {
    const { name, param } = parseRule(spec);
    if (empty && name !== 'required') continue;
    const rule: Rule = RULES[name];
    if (rule.test(text, param, ctx)) continue;
    const params: ValidationMessage['params'] = { field: ctx.field ?? '' };
    if (param !== undefined) params.length = param;
    return { messageKey: rule.messageKey, params };
  }
  return null;
}
