import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RuleSpec } from '@kippu/contract/validation/rules';
import { FormField } from '../ui/form-field.tsx';
import { toRhfValidate } from '../validation/index.ts';
import type { PaymentValues } from './payment-values.ts';

/**
 * What both card entries show alike (the token script's CardFields and Stripe's StripeCardFields): the
 * test-mode box with the gateway's test cards, and the name on the card under the spec §5 rules.
 */

/** Groups of four digits joined by no-break spaces, so each number stays on one line of the hint. */
export function printedCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1\u00a0');
}

/** The test-mode box, only when the gateway is a simulator (the method's test_mode flag). */
export function TestModeHint({ textKey, cards }: { textKey: string; cards: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <div className="payment-test-mode">
      <p className="payment-test-mode__title">{t('payment_test_mode_title')}</p>
      <p className="payment-test-mode__text">{t(textKey, cards)}</p>
    </div>
  );
}

const CARD_NAME_RULES: RuleSpec[] = ['required', 'cardName', 'cardNameContainingHalfWidthSpaces'];

/**
 * The name as on the card ("cardName", "cardNameContainingHalfWidthSpaces"). Registered where it is
 * rendered, so it takes its place in the order a failed submit focuses the fields.
 */
export function CardNameField({ form }: { form: UseFormReturn<PaymentValues> }) {
  const { t } = useTranslation();
  const label = t('payment_card_name');
  const cardName = form.register('cardName', {
    validate: toRhfValidate(CARD_NAME_RULES, { t, field: label }),
  });
  return (
    <FormField
      id="payment-card-name"
      label={label}
      required
      hint={t('payment_card_name_hint')}
      error={form.formState.errors.cardName?.message}
    >
      {(control) => (
        <input
          className="form-field__input"
          type="text"
          autoComplete="cc-name"
          autoCapitalize="characters"
          spellCheck={false}
          {...control}
          {...cardName}
        />
      )}
    </FormField>
  );
}
