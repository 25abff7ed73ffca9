import { describe, expect, it } from 'vitest';
import { RULES, VALIDATION_MESSAGE_KEYS, validateField, type RuleSpec } from './rules.ts';
import { ruleSchema, validationMessageOf } from './zod.ts';

describe('RULES', () => {
  it('holds the eleven rules of spec §5 with their message keys', () => {
    expect(Object.fromEntries(Object.entries(RULES).map(([name, rule]) => [name, rule.messageKey]))).toEqual({
      max: 'common_validate_max',
      min: 'common_validate_min',
      numeric: 'common_validate_num',
      required: 'common_validate_required',
      cardName: 'customer_name_validate',
      cardNameContainingHalfWidthSpaces: 'customer_name_containing_half_width_spaces_validate',
      expired: 'common_validate_expired',
      email: 'mail_validate_invalid',
      phone: 'common_validate_phone',
      sameEmail: 'mail_validate_defferent',
      alpha_num: 'common_validate_alpha_num',
    });
    for (const rule of Object.values(RULES)) expect(VALIDATION_MESSAGE_KEYS).toContain(rule.messageKey);
  });
});

describe('validateField', () => {
  it('answers null when every rule passes', () => {
    expect(validateField('taro@example.com', ['required', 'email', 'max:255'])).toBeNull();
  });

  it('stops at the first failing rule', () => {
    expect(validateField('x'.repeat(40), ['max:30', 'email'], { field: 'Email' })).toEqual({
      messageKey: 'common_validate_max',
      params: { field: 'Email', length: 30 },
    });
    expect(validateField('x'.repeat(40), ['email', 'max:30'], { field: 'Email' })).toEqual({
      messageKey: 'mail_validate_invalid',
      params: { field: 'Email' },
    });
  });

  it('skips empty optional fields for every rule except required', () => {
    const allButRequired: RuleSpec[] = [
      'min:3',
      'numeric',
      'cardName',
      'cardNameContainingHalfWidthSpaces',
      'expired',
      'email',
      'phone',
      'sameEmail',
      'alpha_num',
    ];
    for (const empty of ['', null, undefined]) {
      expect(validateField(empty, allButRequired, { other: 'someone@example.com' })).toBeNull();
      expect(validateField(empty, [...allButRequired, 'required'], { field: 'Name' })).toEqual({
        messageKey: 'common_validate_required',
        params: { field: 'Name' },
      });
    }
  });

  it('does not treat spaces as empty for the other rules', () => {
    expect(validateField('  ', ['email'])?.messageKey).toBe('mail_validate_invalid');
    expect(validateField('  ', ['required'])?.messageKey).toBe('common_validate_required');
  });

  it('passes min and max lengths to the message', () => {
    expect(validateField('ab', ['min:3'], { field: 'Code' })).toEqual({
      messageKey: 'common_validate_min',
      params: { field: 'Code', length: 3 },
    });
    expect(validateField('abc', ['min:3', 'max:3'])).toBeNull();
  });

  it('compares sameEmail with the other field', () => {
    expect(validateField('a@example.com', ['sameEmail'], { other: 'a@example.com' })).toBeNull();
    expect(validateField('a@example.com', ['sameEmail'], { other: 'b@example.com' })?.messageKey).toBe(
      'mail_validate_defferent',
    );
  });

  it('reads expired from the context parts or from an MM/YY value', () => {
    const now = new Date('2024-03-31T15:00:00Z'); // 1 April in Tokyo
    expect(validateField('03/24', ['expired'], { now })?.messageKey).toBe('common_validate_expired');
    expect(validateField('04/24', ['expired'], { now })).toBeNull();
    expect(validateField('04', ['expired'], { now, expiry: { month: '04', year: '24' } })).toBeNull();
    expect(validateField('03', ['expired'], { now, expiry: { month: '03', year: '24' } })?.messageKey).toBe(
      'common_validate_expired',
    );
  });

  it('validates numbers as text', () => {
    expect(validateField(123456789, ['numeric', 'phone'])).toBeNull();
    expect(validateField(12, ['phone'])?.messageKey).toBe('common_validate_phone');
  });

  it('refuses a malformed rule', () => {
    expect(() => validateField('a', ['max' as RuleSpec])).toThrow(/needs a length/);
    expect(() => validateField('a', ['nope' as RuleSpec])).toThrow(/Unknown validation rule/);
  });
});

describe('ruleSchema', () => {
  it('parses a valid value and reports the first failure as the message key', () => {
    const schema = ruleSchema(['required', 'phone'], { field: 'Phone' });
    expect(schema.parse('03-1234-5678')).toBe('03-1234-5678');
    const result = schema.safeParse('12');
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.message).toBe('common_validate_phone');
    expect(validationMessageOf(issue)).toEqual({
      messageKey: 'common_validate_phone',
      params: { field: 'Phone' },
    });
  });

  it('gives no validation message for issues it did not make', () => {
    const result = ruleSchema(['required']).safeParse(42);
    expect(result.success).toBe(false);
    expect(validationMessageOf(result.error!.issues[0]!)).toBeNull();
  });
});
