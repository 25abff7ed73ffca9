import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import en from '../../../../../packages/contract/texts/validation/en.json';
import { formSchema } from './form-schema.ts';
import type { Translate } from './translate-message.ts';

const t: Translate = (key) => (en as Record<string, string>)[key] ?? key;

const schema = formSchema(
  {
    name: { rules: ['required', 'cardNameContainingHalfWidthSpaces'], field: 'Name' },
    email: { rules: ['required', 'email'], field: 'Email' },
    confirm: { rules: ['required', 'sameEmail'], compareWith: 'email' },
    phone: { rules: ['phone'], field: 'Phone' },
  },
  { t },
);

describe('formSchema', () => {
  it('passes a valid form and keeps fields it does not check', () => {
    const values = {
      name: 'TARO YAMADA',
      email: 'a@example.com',
      confirm: 'a@example.com',
      phone: '',
      news: true,
    };
    expect(schema.parse(values)).toEqual(values);
  });

  it('reports one translated message per failing field', () => {
    const result = schema.safeParse({
      name: 'TARO',
      email: 'a@example',
      confirm: 'b@example.com',
      phone: '12',
    });
    expect(result.success).toBe(false);
    expect(
      Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])),
    ).toEqual({
      name: 'Enter the first and last name separated by a space (e.g. TARO YAMADA).',
      email: 'Please enter a valid email address.',
      confirm: 'The email addresses do not match.',
      phone: 'Please enter a valid phone number.',
    });
  });

  it('works as a react-hook-form resolver', async () => {
    const resolver = zodResolver(schema);
    const result = await resolver(
      { name: '', email: 'a@example.com', confirm: 'a@example.com', phone: '' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors).toMatchObject({ name: { message: 'Name is required.' } });
    expect(Object.keys(result.errors)).toEqual(['name']);
  });
});
