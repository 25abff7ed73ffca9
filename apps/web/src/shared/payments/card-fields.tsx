import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tokyoDateParts } from '@kippu/contract/format/tokyo-date';
import { SIMULATOR_TEST_CARDS } from '@kippu/contract/simulator-test-cards';
import type { RuleSpec } from '@kippu/contract/validation/rules';
import { FormField, FormFieldGroup } from '../ui/form-field.tsx';
import { toRhfValidate } from '../validation/index.ts';
import { CardNameField, printedCardNumber, TestModeHint } from './card-entry-parts.tsx';
import { cardDigits } from './card-token.ts';
import type { PaymentValues } from './payment-values.ts';

const RULES = {
  cardNumber: ['required', 'numeric', 'min:14', 'max:16'],
  expiryMonth: ['required'],
  expiryYear: ['required', 'expired'],
  securityCode: ['required', 'numeric', 'min:3', 'max:4'],
} satisfies Record<string, RuleSpec[]>;

/** Cards are issued for at most this many years ahead. */
const EXPIRY_YEARS = 15;
const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

/**
 * The simulator's test cards shown in the hint, only when the gateway is the simulator (the method's
 * test_mode flag). A pasted copy still passes: the rules judge digits.
 */
const TEST_CARD_HINT = {
  success: printedCardNumber(SIMULATOR_TEST_CARDS.visa),
  decline: printedCardNumber(SIMULATOR_TEST_CARDS.decline),
};

/**
 * Card entry (spec §5 rules): number, expiry month and year (not in the past: "expired"), security code and
 * the name as on the card ("cardName", "cardNameContainingHalfWidthSpaces"). The number may be typed with
 * the spaces printed on the card; the rules judge its digits.
 */
export function CardFields({
  form,
  testMode,
  now,
}: {
  form: UseFormReturn<PaymentValues>;
  testMode: boolean;
  now: () => Date;
}) {
  const { t } = useTranslation();
  const { register, formState, trigger, getFieldState } = form;
  const { errors, isSubmitted } = formState;
  const years = useMemo(() => {
    const first = tokyoDateParts(now()).year;
    return Array.from({ length: EXPIRY_YEARS + 1 }, (_, index) => String(first + index));
  }, [now]);

  const label = {
    cardNumber: t('payment_card_number'),
    expiry: t('payment_card_expiry'),
    securityCode: t('payment_card_cvc'),
  };
  const validateNumber = toRhfValidate(RULES.cardNumber, { t, field: label.cardNumber });
  const expiryError = errors.expiryMonth?.message ?? errors.expiryYear?.message;
  // Registered here in screen order (the name last, in CardNameField), so a failed submit focuses the
  // first invalid field from the top.
  const fields = {
    cardNumber: register('cardNumber', {
      validate: (value, values) => validateNumber(cardDigits(value), values),
    }),
    expiryMonth: register('expiryMonth', {
      validate: toRhfValidate(RULES.expiryMonth, { t, field: label.expiry }),
      // A month chosen after the year may make the pair valid (or expired): check the pair again.
      onChange: () => {
        if (isSubmitted || getFieldState('expiryYear').isDirty) void trigger('expiryYear');
      },
    }),
    expiryYear: register('expiryYear', {
      validate: toRhfValidate(RULES.expiryYear, {
        t,
        field: label.expiry,
        expiryFields: { month: 'expiryMonth', year: 'expiryYear' },
        now,
      }),
    }),
    securityCode: register('securityCode', {
      validate: toRhfValidate(RULES.securityCode, { t, field: label.securityCode }),
    }),
  };

  return (
    <>
      {testMode ? <TestModeHint textKey="payment_test_mode_text" cards={TEST_CARD_HINT} /> : null}
      <FormField
        id="payment-card-number"
        label={label.cardNumber}
        required
        hint={t('payment_card_number_hint')}
        error={errors.cardNumber?.message}
      >
        {(control) => (
          <input
            className="form-field__input payment-card-number"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            spellCheck={false}
            maxLength={23}
            {...control}
            {...fields.cardNumber}
          />
        )}
      </FormField>
      <FormFieldGroup id="payment-card-expiry" label={label.expiry} required error={expiryError}>
        <label className="form-field__sublabel-wrap">
          <span className="form-field__sublabel">{t('payment_card_expiry_month')}</span>
          <select
            className="form-field__select"
            autoComplete="cc-exp-month"
            aria-invalid={Boolean(expiryError)}
            aria-describedby={expiryError ? 'payment-card-expiry-error' : undefined}
            aria-required
            {...fields.expiryMonth}
          >
            <option value="">--</option>
            {MONTHS.map((month) => (
              <option key={month} value={month}>
                {month}
              </option>
            ))}
          </select>
        </label>
        <label className="form-field__sublabel-wrap">
          <span className="form-field__sublabel">{t('payment_card_expiry_year')}</span>
          <select
            className="form-field__select"
            autoComplete="cc-exp-year"
            aria-invalid={Boolean(expiryError)}
            aria-describedby={expiryError ? 'payment-card-expiry-error' : undefined}
            aria-required
            {...fields.expiryYear}
          >
            <option value="">--</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
      </FormFieldGroup>
      <FormField
        id="payment-card-cvc"
        label={label.securityCode}
        required
        hint={t('payment_card_cvc_hint')}
        error={errors.securityCode?.message}
      >
        {(control) => (
          <input
            className="form-field__input payment-card-cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...control}
            {...fields.securityCode}
          />
        )}
      </FormField>
      <CardNameField form={form} />
      <p className="payment-secure-note">
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <rect x="3" y="7" width="10" height="7.5" rx="1.5" fill="currentColor" />
          <path d="M5.25 7V5a2.75 2.75 0 0 1 5.5 0v2" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
        {t('payment_card_secure')}
      </p>
    </>
  );
}
