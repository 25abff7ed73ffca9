import { describe, expect, it } from 'vitest';
import { NO_SEND_VALUE } from '@kippu/contract/i18n-text';
import { checkoutConfiguration, fieldTemplates } from '../checkout-page/test-doubles.ts';
import { customerInfoBody, initialSignInValues, signInFields } from './sign-in-fields.ts';

const signIn = checkoutConfiguration().settings.signIn;

describe('signInFields', () => {
  it('keeps the template order, adds the e-mail confirmation after the e-mail, and marks required rules', () => {
    const fields = signInFields(fieldTemplates({ email: true, fullname: false, phone: true }), signIn);
    expect(fields.map((field) => [field.key, field.kind, field.required])).toEqual([
      ['name', 'text', false],
      ['email', 'text', true],
      ['emailConfirm', 'text', true],
      ['phone', 'text', true],
    ]);
    const rulesOf = (key: string) => fields.find((field) => field.key === key)!;
    expect(rulesOf('email')).toMatchObject({ rules: ['required', 'email'], input: 'email' });
    expect(rulesOf('emailConfirm')).toMatchObject({ rules: ['required', 'sameEmail'] });
    expect(rulesOf('phone')).toMatchObject({ rules: ['required', 'phone'], input: 'tel' });
    expect(rulesOf('name')).toMatchObject({ rules: ['max:100'] });
  });

  it('takes select lists from the settings and falls back to free text where the site asks for text', () => {
    const templates = fieldTemplates({ resident_area: false, questionnaire1: false, gender: false });
    const textResidence = { ...signIn, residentArea: { inputType: 'text' as const, options: [] } };
    const fields = signInFields(templates, textResidence);
    expect(fields.map((field) => [field.name, field.kind])).toEqual([
      ['gender', 'select'],
      ['resident_area', 'text'],
      ['questionnaire1', 'select'],
    ]);
    // An empty list would offer nothing to choose: the field becomes free text.
    const noGenders = signInFields(templates, { ...signIn, genderOptions: [] });
    expect(noGenders.find((field) => field.name === 'gender')?.kind).toBe('text');
  });
});

describe('initialSignInValues and customerInfoBody', () => {
  const fields = signInFields(
    fieldTemplates({
      fullname: true,
      email: true,
      gender: false,
      questionnaire1: false,
      mail_magazine: false,
    }),
    signIn,
  );

  it('starts selects on the no-send item and opt-ins on the site defaults, unless values were saved', () => {
    const fresh = initialSignInValues(fields, signIn, null);
    expect(fresh).toMatchObject({
      gender: NO_SEND_VALUE,
      acceptMailMagazine: true,
      acceptTeamLabMailMagazine: false,
    });
    const saved = initialSignInValues(fields, signIn, { gender: 'man', acceptMailMagazine: false, name: 42 });
    // A saved value of the wrong type (an old or tampered session) is ignored.
    expect(saved).toMatchObject({ gender: 'man', acceptMailMagazine: false, name: '' });
  });

  it('sends displayed fields under their field names, without the no-send selects or the confirmation', () => {
    const values = {
      ...initialSignInValues(fields, signIn, null),
      name: '  Hanako Yamada ',
      email: 'hanako@example.com',
      emailConfirm: 'hanako@example.com',
      questionnaire1: 'sns',
      phone: '0312345678',
    };
    expect(customerInfoBody(fields, values)).toEqual({
      customer_info: [
        { key: 'fullname', value: 'Hanako Yamada' },
        { key: 'email', value: 'hanako@example.com' },
        { key: 'questionnaire1', value: 'sns' },
        { key: 'mail_magazine', value: 'true' },
      ],
    });
  });
});
