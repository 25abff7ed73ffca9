import { SPOT_FIELD_NAMES } from '@kippu/contract';
import type { FieldRule } from './customer-info-rules.ts';

const SPOT_FIELDS = new Set<string>(SPOT_FIELD_NAMES);

/**
 * The spot order's form (PUT /spot/orders/{id}, ADR 109): the site's field templates cut to the fields a
 * visitor at the venue is asked (`SPOT_FIELD_NAMES`), those the site displays, all optional but the e-mail
 * address, which is always shown and required (the ticket link goes there; no mail confirmation before
 * paying, ADR 031): a profile question never holds up the queue at the door.
 */
export function spotFieldRules(siteTemplates: FieldRule[]): FieldRule[] {
  const rules = siteTemplates
    .filter((rule) => SPOT_FIELDS.has(rule.fieldName))
    .map((rule) =>
      rule.fieldName === 'email'
        ? { ...rule, isDisplay: true, isRequire: true }
        : { ...rule, isRequire: false },
    );
  if (!rules.some((rule) => rule.fieldName === 'email')) {
    rules.unshift({ fieldName: 'email', fieldType: 'text', isDisplay: true, isRequire: true });
  }
  return rules;
}
