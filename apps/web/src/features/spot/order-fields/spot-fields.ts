import type { FieldTemplate } from '@kippu/contract/endpoints/field-templates';
import { SPOT_FIELD_NAMES } from '@kippu/contract/endpoints/spot';
import { NO_SEND_VALUE, type OptionItem } from '@kippu/contract/i18n-text';
import type { SiteSettings } from '@kippu/contract/site-settings';

type SpotFieldName = (typeof SPOT_FIELD_NAMES)[number];

/** One field of the spot order-fields form: a text input or a select of the site's options. */
export type SpotField =
  | { name: SpotFieldName; kind: 'text'; input: 'email' | 'text'; autoComplete: string; required: boolean }
  | { name: SpotFieldName; kind: 'select'; options: OptionItem[]; required: boolean };

const AUTOCOMPLETE: Partial<Record<SpotFieldName, string>> = {
  email: 'email',
  fullname: 'name',
  resident_area: 'address-level1',
};

/**
 * The fields `/spot/order-fields` asks (ADR 109), in the site's template order: those of `SPOT_FIELD_NAMES`
 * the site's field templates display, all optional but the e-mail address, which is always asked (the server
 * applies the same rule, domain/orders/spot-field-rules.ts). Selects take the site's option lists; a select
 * with no options falls back to free text.
 */
export function spotFields(templates: FieldTemplate[], signIn: SiteSettings['signIn']): SpotField[] {
  const wanted = new Set<string>(SPOT_FIELD_NAMES);
  const shown = templates.filter(
    (template) => wanted.has(template.field_name) && (template.is_display || template.field_name === 'email'),
  );
  if (!shown.some((template) => template.field_name === 'email')) {
    shown.unshift({
      field_name: 'email',
      field_type: 'text',
      is_display: true,
      is_require: true,
    } as FieldTemplate);
  }
  return shown.map((template) => {
    const name = template.field_name as SpotFieldName;
    const required = name === 'email';
    const options =
      name === 'gender'
        ? signIn.genderOptions
        : name === 'age'
          ? signIn.ageOptions
          : name === 'resident_area' && signIn.residentArea.inputType === 'select'
            ? signIn.residentArea.options
            : [];
    if (options.length > 0) return { name, kind: 'select', options, required };
    return {
      name,
      kind: 'text',
      input: name === 'email' ? 'email' : 'text',
      autoComplete: AUTOCOMPLETE[name] ?? 'off',
      required,
    };
  });
}

/** The PUT /spot/orders body: answered fields only (a select on its no-send item or nothing is left out). */
export function spotCustomerInfo(fields: SpotField[], values: Record<string, string>) {
  return {
    customer_info: fields
      .map((field) => ({ key: field.name, value: (values[field.name] ?? '').trim() }))
      .filter((entry) => entry.value !== '' && entry.value !== NO_SEND_VALUE),
  };
}
