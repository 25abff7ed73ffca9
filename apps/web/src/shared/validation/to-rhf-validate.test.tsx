import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useForm } from 'react-hook-form';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../../../packages/contract/texts/validation/en.json';
import ja from '../../../../../packages/contract/texts/validation/ja.json';
import { VALIDATION_FORM_OPTIONS, toRhfValidate } from './to-rhf-validate.ts';
import { translateValidationMessage, type Translate } from './translate-message.ts';

/** A `t` over a flat text table that, like i18next, answers the key when the text is missing. */
const tableT =
  (texts: Record<string, string>): Translate =>
  (key) =>
    texts[key] ?? key;

describe('toRhfValidate', () => {
  const t = tableT(en);

  it('answers true for a valid value', () => {
    expect(toRhfValidate(['required', 'email'], { t, field: 'Email' })('taro@example.com', {})).toBe(true);
  });

  it('answers the translated first failure with its parameters', () => {
    const validate = toRhfValidate(['required', 'max:5'], { t, field: 'Nickname' });
    expect(validate('', {})).toBe('Nickname is required.');
    expect(validate('abcdef', {})).toBe('Nickname must be 5 characters or fewer.');
  });

  it('skips empty optional fields', () => {
    expect(toRhfValidate(['email', 'phone'], { t })('', {})).toBe(true);
    expect(toRhfValidate(['email'], { t })(undefined, {})).toBe(true);
  });

  it('compares sameEmail with the named field of the form', () => {
    const validate = toRhfValidate(['required', 'sameEmail'], { t, compareWith: 'email' });
    expect(validate('a@example.com', { email: 'a@example.com' })).toBe(true);
    expect(validate('a@example.com', { email: 'b@example.com' })).toBe('The email addresses do not match.');
  });

  it('reads the card expiry from the month and year fields', () => {
    const validate = toRhfValidate(['expired'], {
      t,
      expiryFields: { month: 'card.month', year: 'card.year' },
      now: () => new Date('2024-03-31T15:00:00Z'), // 1 April 2024 in Tokyo
    });
    expect(validate('03', { card: { month: '03', year: '24' } })).toBe('This card has expired.');
    expect(validate('04', { card: { month: '04', year: '24' } })).toBe(true);
  });

  it('falls back to the default message, then to the spec wording', () => {
    const onlyDefault = tableT({ common_validate_default: '{field} is not valid.' });
    expect(toRhfValidate(['phone'], { t: onlyDefault, field: 'Phone' })('12', {})).toBe(
      'Phone is not valid.',
    );
    expect(
      translateValidationMessage(
        { messageKey: 'mail_validate_invalid', params: { field: 'Email' } },
        tableT({}),
      ),
    ).toBe('Email is not valid.');
  });
});

function EmailForm() {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<{ email: string; confirm: string }>({
    ...VALIDATION_FORM_OPTIONS,
    defaultValues: { email: '', confirm: '' },
  });
  return (
    <form onSubmit={handleSubmit(() => {})}>
      <label>
        email
        <input
          {...register('email', {
            validate: toRhfValidate(['required', 'email'], { t, field: 'メールアドレス' }),
          })}
        />
      </label>
      <label>
        confirm
        <input
          {...register('confirm', {
            validate: toRhfValidate(['required', 'sameEmail'], { t, compareWith: 'email' }),
            deps: ['email'],
          })}
        />
      </label>
      <p role="alert">{formState.errors.email?.message}</p>
      <p role="status">{formState.errors.confirm?.message}</p>
      <button type="submit">send</button>
    </form>
  );
}

describe('toRhfValidate in a form', () => {
  it('shows Japanese messages as the visitor types', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'ja',
      resources: { ja: { translation: ja } },
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      keySeparator: false,
      nsSeparator: false,
    });
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <EmailForm />
      </I18nextProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('メールアドレスは必須項目です。')).toBeTruthy();

    await user.type(screen.getByLabelText('email'), 'taro@');
    expect(await screen.findByText('メールアドレスの形式が正しくありません。')).toBeTruthy();

    await user.type(screen.getByLabelText('email'), 'example.com');
    await user.type(screen.getByLabelText('confirm'), 'taro@example.co');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(await screen.findByText('メールアドレスが一致しません。')).toBeTruthy();

    await user.type(screen.getByLabelText('confirm'), 'm');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
