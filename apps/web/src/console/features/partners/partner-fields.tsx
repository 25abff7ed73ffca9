import { partnerBodySchema, type PartnerBody } from '@kippu/contract/console/partners-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Field } from '../../shared/ui/ui.tsx';

/** A partner's own details as the form holds them (net prices are edited beside them on the partner's screen). */
export interface PartnerDraft {
  name: string;
  contactName: string;
  contactEmail: string;
  mailsCustomers: boolean;
  active: boolean;
}

export type PartnerProblems = Partial<Record<'name' | 'contact_name' | 'contact_email', string>>;

export const EMPTY_PARTNER: PartnerDraft = {
  name: '',
  contactName: '',
  contactEmail: '',
  mailsCustomers: true,
  active: true,
};

const PROBLEM_TEXT: Required<Record<keyof PartnerProblems, string>> = {
  name: 'partners_name_required',
  contact_name: 'partners_contact_name_invalid',
  contact_email: 'partners_contact_email_invalid',
};

/**
 * The draft and its net prices checked with the contract's schema: the body to send, or what to say under
 * each field (net prices are checked by the caller, which knows which input each belongs to).
 */
export function checkPartner(
  draft: PartnerDraft,
  netPrices: PartnerBody['net_prices'],
  t: (key: string) => string,
): { body: PartnerBody; problems: null } | { body: null; problems: PartnerProblems } {
  const parsed = partnerBodySchema.safeParse({
    name: draft.name,
    contact_name: draft.contactName,
    contact_email: draft.contactEmail.trim(),
    mails_customers: draft.mailsCustomers,
    active: draft.active,
    net_prices: netPrices,
  });
  if (parsed.success) return { body: parsed.data, problems: null };
  const problems: PartnerProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PartnerProblems;
    if (field in PROBLEM_TEXT) problems[field] ??= t(PROBLEM_TEXT[field]);
  }
  return { body: null, problems };
}

/** Name, contact, whether Kippu mails the partner's customers, and (for one that exists) whether it is active. */
export function PartnerFields({
  draft,
  problems,
  onChange,
  withActive,
}: {
  draft: PartnerDraft;
  problems: PartnerProblems;
  onChange: (next: PartnerDraft) => void;
  withActive: boolean;
}) {
  const { t } = useConsoleI18n();
  return (
    <>
      <Field
        label={t('partners_name')}
        maxLength={200}
        autoComplete="off"
        value={draft.name}
        error={problems.name}
        onChange={(event) => onChange({ ...draft, name: event.target.value })}
      />
      <Field
        label={t('partners_contact_name')}
        maxLength={200}
        autoComplete="off"
        value={draft.contactName}
        error={problems.contact_name}
        onChange={(event) => onChange({ ...draft, contactName: event.target.value })}
      />
      <Field
        label={t('partners_contact_email')}
        type="email"
        maxLength={254}
        autoComplete="off"
        value={draft.contactEmail}
        error={problems.contact_email}
        onChange={(event) => onChange({ ...draft, contactEmail: event.target.value })}
      />
      <div className="c-field c-partner-flags">
        <label>
          <input
            type="checkbox"
            checked={draft.mailsCustomers}
            onChange={(event) => onChange({ ...draft, mailsCustomers: event.target.checked })}
          />{' '}
          {t('partners_mails_customers')}
        </label>
        <p className="c-field__hint">{t('partners_mails_customers_hint')}</p>
        {withActive ? (
          <label>
            <input
              type="checkbox"
              checked={draft.active}
              onChange={(event) => onChange({ ...draft, active: event.target.checked })}
            />{' '}
            {t('partners_active')}
          </label>
        ) : null}
      </div>
    </>
  );
}
