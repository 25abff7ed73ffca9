import { useTranslation } from 'react-i18next';
import type { LangCode } from '@kippu/contract/enums';
import type { FieldName } from '@kippu/contract/endpoints/field-templates';
import type { CustomerInfoEntry } from '@kippu/contract/endpoints/orders';
import type { OptionItem } from '@kippu/contract/i18n-text';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';

/**
 * The sign-in form's own labels (texts group `checkout`), so the summary names fields as the form did; the
 * summary lists them in this order (name and contact first), whatever order the server stores them in.
 */
const LABEL_KEYS: Record<FieldName, string> = {
  fullname: 'signin_field_fullname',
  email: 'signin_field_email',
  phone: 'signin_field_phone',
  address: 'signin_field_address',
  gender: 'signin_field_gender',
  age: 'signin_field_age',
  resident_area: 'signin_field_resident_area',
  questionnaire1: 'signin_field_questionnaire1',
  questionnaire2: 'signin_field_questionnaire2',
  questionnaire3: 'signin_field_questionnaire3',
  mail_magazine: 'signin_mail_magazine',
  teamlab_mail_magazine: 'signin_teamlab_mail_magazine',
};
const isFieldName = (key: string): key is FieldName => Object.hasOwn(LABEL_KEYS, key);

/** Select fields store the option's value; the visitor chose its label, so that is what is shown. */
function optionList(field: FieldName, signIn: SiteSettings['signIn'] | undefined): OptionItem[] {
  if (!signIn) return [];
  switch (field) {
    case 'gender':
      return signIn.genderOptions;
    case 'age':
      return signIn.ageOptions;
    case 'resident_area':
      return signIn.residentArea.inputType === 'select' ? signIn.residentArea.options : [];
    case 'questionnaire1':
      return signIn.question1Items;
    default:
      return [];
  }
}

function shownValue(
  field: FieldName,
  value: string,
  signIn: SiteSettings['signIn'] | undefined,
  lang: LangCode,
  t: (key: string) => string,
): string {
  if (field === 'mail_magazine' || field === 'teamlab_mail_magazine') {
    return t(value === 'true' ? 'confirm_answer_yes' : 'confirm_answer_no');
  }
  return optionList(field, signIn).find((option) => option.value === value)?.text[lang] ?? value;
}

/** The customer info as the visitor entered it on the sign-in step. */
export function CustomerSummary({ entries }: { entries: CustomerInfoEntry[] }) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const signIn = useCoreStore((state) => state.configuration?.settings.signIn);
  const order = Object.keys(LABEL_KEYS);
  const known = entries
    .filter((entry) => isFieldName(entry.key))
    .sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  if (known.length === 0) return <p className="checkout-panel__text">{t('confirm_details_none')}</p>;

  return (
    <dl className="confirm-details">
      {known.map(({ key, value }) => {
        const field = key as FieldName;
        return (
          <div key={key} className="confirm-details__row">
            <dt>{t(LABEL_KEYS[field])}</dt>
            <dd>{shownValue(field, value, signIn, lang, t)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
