import {
  FIELD_FORM_KEYS,
  type FieldName,
  type FieldTemplate,
} from '@kippu/contract/endpoints/field-templates';
import type { CustomerInfoEntry, UpdateOrderBody } from '@kippu/contract/endpoints/orders';
import { NO_SEND_VALUE, type OptionItem } from '@kippu/contract/i18n-text';
import type { SiteSettings } from '@kippu/contract/site-settings';
import type { RuleSpec } from '@kippu/contract/validation/rules';

type FormKey = (typeof FIELD_FORM_KEYS)[FieldName];
/** The second e-mail field (sameEmail); it is never sent. */
export const EMAIL_CONFIRM_KEY = 'emailConfirm';

/** The sign-in form's values, by form key (spec §3 "Order-form fields"). */
export type SignInValues = Record<
  Exclude<FormKey, 'acceptMailMagazine' | 'acceptTeamLabMailMagazine'>,
  string
> & {
  [EMAIL_CONFIRM_KEY]: string;
  acceptMailMagazine: boolean;
  acceptTeamLabMailMagazine: boolean;
};
type TextKey = Exclude<keyof SignInValues, 'acceptMailMagazine' | 'acceptTeamLabMailMagazine'>;

export type SignInSection = 'contact' | 'profile' | 'news';

type FieldBase = { name: FieldName; section: SignInSection; labelKey: string; required: boolean };
export type TextField = FieldBase & {
  kind: 'text';
  key: TextKey;
  rules: RuleSpec[];
  input: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete?: string;
  hintKey?: string;
};
export type SelectField = FieldBase & {
  kind: 'select';
  key: TextKey;
  rules: RuleSpec[];
  options: OptionItem[];
};
export type CheckboxField = FieldBase & {
  kind: 'checkbox';
  key: 'acceptMailMagazine' | 'acceptTeamLabMailMagazine';
};
export type SignInField = TextField | SelectField | CheckboxField;

type SignInSettings = SiteSettings['signIn'];

/**
 * Length bounds the server enforces (domain/orders/customer-info-rules.ts); checking them here gives the
 * visitor the localized message instead of a refused request.
 */
const TEXT_RULES: Partial<Record<FieldName, RuleSpec[]>> = {
  fullname: ['max:100'],
  email: ['email'],
  phone: ['phone'],
  address: ['max:255'],
  resident_area: ['max:255'],
  questionnaire1: ['max:1000'],
  questionnaire2: ['max:1000'],
  questionnaire3: ['max:1000'],
};

const SECTIONS: Record<FieldName, SignInSection> = {
  fullname: 'contact',
  email: 'contact',
  phone: 'contact',
  address: 'contact',
  gender: 'profile',
  age: 'profile',
  resident_area: 'profile',
  questionnaire1: 'profile',
  questionnaire2: 'profile',
  questionnaire3: 'profile',
  mail_magazine: 'news',
  teamlab_mail_magazine: 'news',
};

const TEXT_INPUTS: Partial<Record<FieldName, Pick<TextField, 'input' | 'autoComplete' | 'hintKey'>>> = {
  fullname: { input: 'text', autoComplete: 'name' },
  email: { input: 'email', autoComplete: 'email', hintKey: 'signin_hint_email' },
  phone: { input: 'tel', autoComplete: 'tel', hintKey: 'signin_hint_phone' },
  address: { input: 'text', autoComplete: 'street-address' },
  resident_area: { input: 'text', autoComplete: 'address-level1' },
  questionnaire3: { input: 'textarea' },
};

/** The option list a select field takes from the site's sign-in settings; null when it is free text. */
function optionsOf(name: FieldName, template: FieldTemplate, settings: SignInSettings): OptionItem[] | null {
  switch (name) {
    case 'gender':
      return settings.genderOptions;
    case 'age':
      return settings.ageOptions;
    case 'resident_area':
      return settings.residentArea.inputType === 'select' ? settings.residentArea.options : null;
    case 'questionnaire1':
      return template.field_type === 'select' ? settings.question1Items : null;
    default:
      return null;
  }
}

const withRequired = (required: boolean, rules: RuleSpec[]): RuleSpec[] =>
  required ? ['required', ...rules] : rules;

/**
 * The fields the sign-in form shows, in the site's template order: only templates flagged for display;
 * a select whose list is empty falls back to free text rather than offering nothing. The e-mail field
 * brings its confirmation field (sameEmail) right after it.
 */
export function signInFields(templates: FieldTemplate[], settings: SignInSettings): SignInField[] {
  const fields: SignInField[] = [];
  for (const template of templates) {
    if (!template.is_display) continue;
    const name = template.field_name;
    const key = FIELD_FORM_KEYS[name];
    const base = {
      name,
      section: SECTIONS[name],
      labelKey: `signin_field_${name}`,
      required: template.is_require,
    };
    if (key === 'acceptMailMagazine' || key === 'acceptTeamLabMailMagazine') {
      const labelKey = name === 'mail_magazine' ? 'signin_mail_magazine' : 'signin_teamlab_mail_magazine';
      fields.push({ ...base, kind: 'checkbox', key, labelKey, required: false });
      continue;
    }
    const options = optionsOf(name, template, settings);
    if (options && options.length > 0) {
      fields.push({ ...base, kind: 'select', key, options, rules: withRequired(base.required, []) });
      continue;
    }
    const rules = withRequired(base.required, TEXT_RULES[name] ?? ['max:255']);
    fields.push({ ...base, kind: 'text', key, rules, ...(TEXT_INPUTS[name] ?? { input: 'text' }) });
    if (name === 'email') {
      fields.push({
        ...base,
        kind: 'text',
        key: EMAIL_CONFIRM_KEY,
        labelKey: 'signin_field_email_confirm',
        hintKey: 'signin_hint_email_confirm',
        input: 'email',
        autoComplete: 'email',
        rules: withRequired(base.required, ['sameEmail']),
      });
    }
  }
  return fields;
}

/** A select left on the no-send item (or on nothing) has no answer. */
export const isUnanswered = (value: string) => value === NO_SEND_VALUE || value === '';

const EMPTY_VALUES: SignInValues = {
  name: '',
  email: '',
  [EMAIL_CONFIRM_KEY]: '',
  phone: '',
  address: '',
  gender: '',
  age: '',
  residentArea: '',
  questionnaire1: '',
  questionnaire2: '',
  questionnaire3: '',
  acceptMailMagazine: false,
  acceptTeamLabMailMagazine: false,
};

/**
 * Starting values: what the visitor entered before (savedSignIn, e.g. back from the confirm screen),
 * else selects on their no-send item and the opt-ins on the site's defaults (spec §3: default true).
 */
export function initialSignInValues(
  fields: SignInField[],
  settings: SignInSettings,
  saved: Record<string, unknown> | null,
): SignInValues {
  const values: SignInValues = {
    ...EMPTY_VALUES,
    acceptMailMagazine: settings.mailMagazineDefault,
    acceptTeamLabMailMagazine: settings.teamlabMailMagazineDefault,
  };
  for (const field of fields) {
    if (field.kind === 'select' && field.options.some((option) => option.value === NO_SEND_VALUE)) {
      values[field.key] = NO_SEND_VALUE;
    }
  }
  for (const key of Object.keys(EMPTY_VALUES) as (keyof SignInValues)[]) {
    const previous = saved?.[key];
    if (typeof previous === typeof EMPTY_VALUES[key]) (values as Record<string, unknown>)[key] = previous;
  }
  return values;
}

/**
 * The PUT /orders/{id} body (spec §5 "Order form submission"): only displayed fields, under their field
 * names; a select left on the no-send item is left out; the mail-magazine opt-ins are "true"/"false".
 */
export function customerInfoBody(fields: SignInField[], values: SignInValues): UpdateOrderBody {
  const entries: CustomerInfoEntry[] = [];
  for (const field of fields) {
    if (field.key === EMAIL_CONFIRM_KEY) continue;
    if (field.kind === 'checkbox') {
      entries.push({ key: field.name, value: String(values[field.key]) });
    } else if (field.kind === 'select') {
      if (!isUnanswered(values[field.key])) entries.push({ key: field.name, value: values[field.key] });
    } else {
      entries.push({ key: field.name, value: values[field.key].trim() });
    }
  }
  return { customer_info: entries };
}
