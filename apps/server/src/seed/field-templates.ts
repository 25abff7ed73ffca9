import { FIELD_NAMES, type DemoSiteCode, type FieldName } from '@kippu/contract';
import type { Db } from '../db/client.ts';
import { fieldTemplates } from '../db/schema.ts';
import { SITE_DEFINITIONS, type SiteDefinition } from './data/site-definitions.ts';
import { siteCodesPresent } from './sites.ts';

type FieldRule = { display: boolean; require: boolean };
type FieldRules = Record<FieldName, FieldRule>;

const shown = (require = false): FieldRule => ({ display: true, require });
const hidden: FieldRule = { display: false, require: false };

/** The usual order form: name and e-mail required, profile questions optional. */
const STANDARD: FieldRules = {
  address: hidden,
  age: shown(),
  email: shown(true),
  fullname: shown(true),
  gender: shown(),
  mail_magazine: shown(),
  teamlab_mail_magazine: hidden,
  phone: shown(),
  resident_area: shown(),
  questionnaire1: shown(),
  questionnaire2: hidden,
  questionnaire3: hidden,
};

const SITE_RULES: Partial<Record<DemoSiteCode, Partial<FieldRules>>> = {
  // Entry is by the e-mailed link only: ask for nothing but the address.
  MORI: Object.fromEntries(Object.keys(STANDARD).map((name) => [name, hidden])) as FieldRules,
  BORDERLESS: { teamlab_mail_magazine: shown(), phone: shown(true) },
  AZABUDAI_BORDERLESS: { teamlab_mail_magazine: shown(), questionnaire2: shown() },
  // Members' tickets are posted with the catalogue, so the museum needs a postal address.
  ARTIZON: { address: shown(true), phone: shown(true), questionnaire1: hidden },
  CANCANFACTORY: { age: hidden, resident_area: hidden, phone: shown(true) },
  NAGAI: { questionnaire2: shown(), questionnaire3: shown() },
  DEMO: { address: shown(), questionnaire2: shown(), questionnaire3: shown() },
  OKINAWA: { phone: hidden },
};

const SELECT_FIELDS = new Set<FieldName>(['age', 'gender', 'resident_area', 'questionnaire1']);

function fieldType(def: SiteDefinition, name: FieldName): 'text' | 'select' {
  if (name === 'resident_area') return def.residence === 'text' ? 'text' : 'select';
  return SELECT_FIELDS.has(name) ? 'select' : 'text';
}

/**
 * The order-form fields of each reference site, inserted when absent (a field added to FIELD_NAMES reaches
 * every reference site); what staff changed stays.
 */
export async function seedFieldTemplates(db: Db): Promise<void> {
  const present = await siteCodesPresent(db);
  const rows = SITE_DEFINITIONS.filter((def) => present.has(def.code)).flatMap((def) => {
    const rules: FieldRules = { ...STANDARD, ...SITE_RULES[def.code] };
    // E-mail carries the ticket: always shown and required, whatever a site's rules say.
    rules.email = shown(true);
    return FIELD_NAMES.map((name, position) => ({
      siteCode: def.code,
      fieldName: name,
      fieldType: fieldType(def, name),
      isDisplay: rules[name].display,
      isRequire: rules[name].require,
      position,
    }));
  });
  await db
    .insert(fieldTemplates)
    .values(rows)
    .onConflictDoNothing({ target: [fieldTemplates.siteCode, fieldTemplates.fieldName] });
}
