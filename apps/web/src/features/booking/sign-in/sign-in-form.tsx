import { useMemo } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LangCode } from '@kippu/contract/enums';
import { NO_SEND_VALUE } from '@kippu/contract/i18n-text';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { paths } from '../../../shared/routing/paths.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckboxField, FormField } from '../../../shared/ui/form-field.tsx';
import { toRhfValidate, VALIDATION_FORM_OPTIONS, type Translate } from '../../../shared/validation/index.ts';
import { CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { sameAddress } from '../mail/confirmed-mail.ts';
import {
  EMAIL_CONFIRM_KEY,
  initialSignInValues,
  isUnanswered,
  type SelectField,
  type SignInField,
  type SignInSection,
  type SignInValues,
  type TextField,
} from './sign-in-fields.ts';
import { useSubmitSignIn } from './use-submit-sign-in.ts';

const SECTION_TITLES: Record<SignInSection, string> = {
  contact: 'signin_section_contact',
  profile: 'signin_section_profile',
  news: 'signin_section_news',
};
const SECTION_ORDER: SignInSection[] = ['contact', 'profile', 'news'];

const fieldId = (key: string) => `signin-${key}`;

type InputProps<F> = {
  field: F;
  register: UseFormRegister<SignInValues>;
  errors: FieldErrors<SignInValues>;
  t: Translate;
  lang: LangCode;
  onEmailChange?: () => void;
};

function TextInput({ field, register, errors, t, onEmailChange }: InputProps<TextField>) {
  const label = t(field.labelKey);
  const registered = register(field.key, {
    validate: toRhfValidate(field.rules, {
      t,
      field: label,
      compareWith: field.key === EMAIL_CONFIRM_KEY ? 'email' : undefined,
    }),
    onChange: field.key === 'email' ? onEmailChange : undefined,
  });
  return (
    <FormField
      id={fieldId(field.key)}
      label={label}
      required={field.required}
      hint={field.hintKey ? t(field.hintKey) : undefined}
      error={errors[field.key]?.message}
    >
      {(control) =>
        field.input === 'textarea' ? (
          <textarea className="form-field__textarea" rows={4} {...control} {...registered} />
        ) : (
          <input
            className="form-field__input"
            type={field.input}
            autoComplete={field.autoComplete}
            spellCheck={field.input === 'email' ? false : undefined}
            {...control}
            {...registered}
          />
        )
      }
    </FormField>
  );
}

function SelectInput({ field, register, errors, t, lang }: InputProps<SelectField>) {
  const label = t(field.labelKey);
  const validate = toRhfValidate(field.rules, { t, field: label });
  const registered = register(field.key, {
    // The no-send item is "nothing chosen": a required select must not accept it.
    validate: (value, values) => validate(isUnanswered(String(value)) ? '' : value, values),
  });
  const hasNoSendItem = field.options.some((option) => option.value === NO_SEND_VALUE);
  return (
    <FormField
      id={fieldId(field.key)}
      label={label}
      required={field.required}
      error={errors[field.key]?.message}
    >
      {(control) => (
        <select className="form-field__select" {...control} {...registered}>
          {hasNoSendItem ? null : <option value="">{t('signin_select_choose')}</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text[lang]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/**
 * The sign-in form (spec §3 order-form fields, §5 rules): one card per group of fields, each rule's
 * localized message under its field as the visitor types (spec §5 "aggressive"), the first invalid field
 * focused on a failed submit, and a summary announced once.
 */
export function SignInForm({
  fields,
  settings,
  isReturn,
  confirmedEmail = null,
}: {
  fields: SignInField[];
  settings: SiteSettings['signIn'];
  isReturn: boolean;
  /** The address a mail link has confirmed for this order: kept as it is, it needs no second mail. */
  confirmedEmail?: string | null;
}) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const isMailConfirm = useCoreStore((state) => state.configuration?.settings.isMailConfirm ?? true);
  const defaultValues = useMemo(
    () => initialSignInValues(fields, settings, useCoreStore.getState().savedSignIn),
    [fields, settings],
  );
  const { register, handleSubmit, trigger, getFieldState, formState, watch } = useForm<SignInValues>({
    ...VALIDATION_FORM_OPTIONS,
    defaultValues,
  });
  const { errors, isSubmitted } = formState;
  const { submit, submitting } = useSubmitSignIn(fields, isReturn, confirmedEmail);
  const keepsConfirmed = sameAddress(watch('email'), confirmedEmail);

  // Once the second e-mail field has been filled in (or the form submitted), editing the first one
  // checks the pair again; before that, the visitor is not told off for a field they have not reached.
  const onEmailChange = () => {
    if (isSubmitted || getFieldState(EMAIL_CONFIRM_KEY).isDirty) void trigger(EMAIL_CONFIRM_KEY);
  };

  const submitLabel = isReturn
    ? 'signin_submit_confirm'
    : isMailConfirm && !keepsConfirmed
      ? 'signin_submit_mail'
      : 'signin_submit';
  const sections = SECTION_ORDER.filter((section) => fields.some((field) => field.section === section));
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form className="sign-in-form" noValidate onSubmit={handleSubmit(submit)}>
      <p className="checkout-intro">{t('signin_intro')}</p>
      {sections.map((section) => (
        <CheckoutPanel key={section} id={`signin-section-${section}`} title={t(SECTION_TITLES[section])}>
          {fields
            .filter((field) => field.section === section)
            .map((field) => {
              const props = { register, errors, t, lang };
              if (field.kind === 'text') {
                return <TextInput key={field.key} field={field} onEmailChange={onEmailChange} {...props} />;
              }
              if (field.kind === 'select') return <SelectInput key={field.key} field={field} {...props} />;
              return (
                <CheckboxField
                  key={field.key}
                  id={fieldId(field.key)}
                  label={t(field.labelKey)}
                  {...register(field.key)}
                />
              );
            })}
        </CheckoutPanel>
      ))}
      {isSubmitted && hasErrors ? (
        <p className="checkout-alert" role="alert">
          {t('signin_error_summary')}
        </p>
      ) : null}
      <div className="checkout-actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {t(submitLabel)}
        </button>
        <Link className="button button--secondary" to={paths.order.getHref(undefined, { ref: 'c' })}>
          {t('common_back_to_tickets')}
        </Link>
      </div>
    </form>
  );
}
