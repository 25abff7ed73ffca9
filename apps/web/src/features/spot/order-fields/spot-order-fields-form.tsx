import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FieldTemplate } from '@kippu/contract/endpoints/field-templates';
import type { CustomerInfoEntry } from '@kippu/contract/endpoints/orders';
import { NO_SEND_VALUE } from '@kippu/contract/i18n-text';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { toRhfValidate, VALIDATION_FORM_OPTIONS } from '../../../shared/validation/index.ts';
import { spotOrderKey, updateSpotOrder } from '../api/spot-calls.ts';
import { SpotPanel } from '../spot-frame.tsx';
import { spotCustomerInfo, spotFields, type SpotField } from './spot-fields.ts';

type Values = Record<string, string>;

const RULES: Record<string, ('required' | 'email' | 'max:100' | 'max:255')[]> = {
  email: ['email'],
  fullname: ['max:100'],
  resident_area: ['max:255'],
};

/**
 * The details a spot purchase needs (`/spot/order-fields/:token`, ADR 109): the e-mail address the ticket
 * link goes to and the site's displayed profile fields of `SPOT_FIELD_NAMES` (optional). Saved with PUT
 * /spot/orders/{id}, then on to payment. Values given before (the order's customer info) are filled in.
 */
export function SpotOrderFieldsForm({
  orderToken,
  templates,
  signIn,
  given,
}: {
  orderToken: string;
  templates: FieldTemplate[];
  signIn: SiteSettings['signIn'];
  given: CustomerInfoEntry[];
}) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fields = useMemo(() => spotFields(templates, signIn), [templates, signIn]);
  const defaultValues = useMemo(() => {
    const values: Values = {};
    for (const field of fields) {
      const before = given.find((entry) => entry.key === field.name)?.value;
      const noSend = field.kind === 'select' && field.options.some((o) => o.value === NO_SEND_VALUE);
      values[field.name] = typeof before === 'string' ? before : noSend ? NO_SEND_VALUE : '';
    }
    return values;
  }, [fields, given]);
  const form = useForm<Values>({ ...VALIDATION_FORM_OPTIONS, defaultValues });
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    if (saving) return;
    setSaving(true);
    try {
      await updateSpotOrder(orderToken, spotCustomerInfo(fields, values));
      // The payment screen reads the order (its address decides whether it may pay): not the one read here.
      await queryClient.invalidateQueries({ queryKey: spotOrderKey(orderToken) });
      navigate(paths.spotPayment.getHref());
    } catch (error) {
      setSaving(false);
      if (!(error instanceof ApiError)) throw error;
    }
  };

  const input = (field: SpotField) => {
    const label = t(`signin_field_${field.name}`);
    const rules = [...(field.required ? (['required'] as const) : []), ...(RULES[field.name] ?? [])];
    const registered = form.register(field.name, { validate: toRhfValidate(rules, { t, field: label }) });
    const error = form.formState.errors[field.name]?.message;
    const hint = field.name === 'email' ? t('spot_email_hint') : undefined;
    return (
      <FormField
        key={field.name}
        id={`spot-${field.name}`}
        label={label}
        required={field.required}
        hint={hint}
        error={error}
      >
        {(control) =>
          field.kind === 'select' ? (
            <select className="form-field__select" {...control} {...registered}>
              {field.options.some((o) => o.value === NO_SEND_VALUE) ? null : (
                <option value="">{t('signin_select_choose')}</option>
              )}
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text[lang]}
                </option>
              ))}
            </select>
          ) : (
            <input
              className="form-field__input"
              type={field.input}
              inputMode={field.input === 'email' ? 'email' : undefined}
              autoComplete={field.autoComplete}
              spellCheck={field.input === 'email' ? false : undefined}
              {...control}
              {...registered}
            />
          )
        }
      </FormField>
    );
  };

  // The address first, under its own title; the site's template order may put a profile field before it.
  const email = fields.find((field) => field.name === 'email');
  const others = fields.filter((field) => field.name !== 'email');
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
      <SpotPanel title={t('spot_ticket_mail_title')} id="spot-mail">
        {email ? input(email) : null}
      </SpotPanel>
      {others.length > 0 ? (
        <SpotPanel title={t('spot_order_fields_optional_title')} id="spot-details">
          <p className="spot-panel__text">{t('spot_order_fields_optional_text')}</p>
          {others.map(input)}
        </SpotPanel>
      ) : null}
      <div className="spot-bar">
        <button
          type="submit"
          className="button button--primary spot-bar__submit"
          disabled={saving}
          aria-busy={saving || undefined}
        >
          {saving ? t('order_saving') : t('spot_continue_to_payment')}
        </button>
      </div>
    </form>
  );
}
