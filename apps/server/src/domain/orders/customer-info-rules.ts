import {
  NO_SEND_VALUE,
  isEmail,
  isMaxLength,
  isPhone,
  type OptionItem,
  type SiteSettings,
} from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';

/** Selects whose "no selection" value means "do not send" (spec §5). */
const NO_SEND_FIELDS = new Set(['gender', 'age', 'resident_area']);
const BOOLEAN_FIELDS = new Set(['mail_magazine', 'teamlab_mail_magazine']);
/** The spec shows no bounds for these; generous limits keep the database and mails sane. */
const MAX_LENGTH: Record<string, number> = {
  fullname: 100,
  // The e-mail rule bounds its parts (64 + 1 + 254).
  email: 319,
  address: 255,
  questionnaire1: 1000,
  questionnaire2: 1000,
  questionnaire3: 1000,
};
const DEFAULT_MAX_LENGTH = 255;

export interface FieldRule {
  fieldName: string;
  fieldType: 'text' | 'select';
  isDisplay: boolean;
  isRequire: boolean;
}

/** The values each select field may take, from the site's option lists (the order form's choices). */
export type SelectOptions = ReadonlyMap<string, ReadonlySet<string>>;

/** Which option list of the site's settings (`signIn`) each select field offers (spec §5). */
export function selectOptionsOf(settings: SiteSettings): SelectOptions {
  const values = (items: OptionItem[]) => new Set(items.map((item) => item.value));
  const { signIn } = settings;
  return new Map([
    ['gender', values(signIn.genderOptions)],
    ['age', values(signIn.ageOptions)],
    ['resident_area', values(signIn.residentArea.options)],
    ['questionnaire1', values(signIn.question1Items)],
  ]);
}

function normalisedBoolean(value: string | boolean): string {
  if (value === true || value === 'true') return 'true';
  if (value === false || value === 'false') return 'false';
  throw new AppError('invalid_request');
}

/**
 * Applies the site's field templates to submitted customer info, as the order form does (spec §5):
 * keeps displayed fields only, drops no-send selects, stores mail-magazine flags as "true"/"false",
 * and enforces required fields, each field's rule, and a select's value being one of its options (a
 * select without a list of options takes nothing). Answers the entries to store, in template order.
 */
export function acceptedCustomerInfo(
  templates: FieldRule[],
  submitted: { key: string; value: string | boolean }[],
  selectOptions: SelectOptions,
): { key: string; value: string }[] {
  const values = new Map(submitted.map((entry) => [entry.key, entry.value]));
  const accepted: { key: string; value: string }[] = [];
  for (const template of templates) {
    if (!template.isDisplay) continue;
    const name = template.fieldName;
    const raw = values.get(name);
    let value: string | undefined;
    if (raw === undefined) value = undefined;
    else if (BOOLEAN_FIELDS.has(name)) value = normalisedBoolean(raw);
    else if (typeof raw !== 'string') throw new AppError('invalid_request');
    else if (NO_SEND_FIELDS.has(name) && raw === NO_SEND_VALUE) value = undefined;
    else value = raw.trim();

    if (value === undefined || value === '') {
      if (template.isRequire) throw new AppError('invalid_request');
      continue;
    }
    if (!isMaxLength(value, MAX_LENGTH[name] ?? DEFAULT_MAX_LENGTH)) throw new AppError('invalid_request');
    if (template.fieldType === 'select' && !selectOptions.get(name)?.has(value)) {
      throw new AppError('invalid_request');
    }
    if (name === 'email' && !isEmail(value)) throw new AppError('invalid_email');
    if (name === 'phone' && !isPhone(value)) throw new AppError('invalid_request');
    accepted.push({ key: name, value });
  }
  return accepted;
}
