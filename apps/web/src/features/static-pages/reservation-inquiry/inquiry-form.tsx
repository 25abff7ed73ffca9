import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RuleSpec } from '@kippu/contract/validation/rules';
import { codeCharacters, halfWidthCode } from '@kippu/contract/validation/typed-code';
import { paths } from '../../../shared/routing/paths.ts';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { toRhfValidate, VALIDATION_FORM_OPTIONS } from '../../../shared/validation/index.ts';
import { lookUpReservation } from './api/reservation-lookup.ts';

type InquiryValues = { email: string; reservationNumber: string };

/** Spec §5 rules; the server's own bounds (contract): an address, a number of at most 32 characters. */
const EMAIL_RULES: RuleSpec[] = ['required', 'email'];
const NUMBER_RULES: RuleSpec[] = ['required', 'max:32'];
/** A reservation number is letters and digits (spec §5 alpha_num); printed groups' spaces and hyphens may be typed. */
const NUMBER_CHARACTER_RULES: RuleSpec[] = ['alpha_num'];

/**
 * E-mail address and reservation number → the booking's ticket page. The rules are checked as the visitor
 * types (spec §5 "aggressive"); a failed submit focuses the first invalid field. No match shows the
 * server's `record not found` dialog and keeps what was typed, so one wrong character is quickly fixed.
 */
export function InquiryForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InquiryValues>({
    ...VALIDATION_FORM_OPTIONS,
    defaultValues: { email: '', reservationNumber: '' },
    shouldFocusError: true,
  });
  const lookUp = useMutation({
    mutationFn: (values: InquiryValues) =>
      lookUpReservation(values.email, halfWidthCode(values.reservationNumber)),
    onSuccess: (reservationToken) => navigate(paths.ticket.getHref({ reservationToken })),
  });

  const emailLabel = t('inquiry_email');
  const numberLabel = t('inquiry_reservation_number');
  const numberLength = toRhfValidate(NUMBER_RULES, { t, field: numberLabel });
  const numberCharacters = toRhfValidate(NUMBER_CHARACTER_RULES, { t, field: numberLabel });
  return (
    <form
      noValidate
      aria-label={t('screen_reservation_inquiry_title')}
      onSubmit={handleSubmit((values) => {
        if (!lookUp.isPending) lookUp.mutate(values);
      })}
    >
      <FormField id="inquiry-email" label={emailLabel} required error={errors.email?.message}>
        {(control) => (
          <input
            className="form-field__input"
            type="email"
            autoComplete="email"
            spellCheck={false}
            {...control}
            {...register('email', { validate: toRhfValidate(EMAIL_RULES, { t, field: emailLabel }) })}
          />
        )}
      </FormField>
      <FormField
        id="inquiry-reservation-number"
        label={numberLabel}
        required
        hint={t('inquiry_reservation_number_hint')}
        error={errors.reservationNumber?.message}
      >
        {(control) => (
          <input
            className="form-field__input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...control}
            {...register('reservationNumber', {
              validate: (value, values) => {
                const length = numberLength(value, values);
                return length === true ? numberCharacters(codeCharacters(value), values) : length;
              },
            })}
          />
        )}
      </FormField>
      <div className="visitor-page__actions">
        <button type="submit" className="button button--primary" disabled={lookUp.isPending}>
          {lookUp.isPending ? t('inquiry_searching') : t('inquiry_submit')}
        </button>
      </div>
    </form>
  );
}
