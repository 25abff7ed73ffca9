import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RECEIPT_ADDRESSEE_MAX } from '@kippu/contract/endpoints/receipt';
import { FormField } from '../../../shared/ui/form-field.tsx';

/**
 * 宛名: whom the receipt is made out to, one line (a person or a company), then issue. Once issued, the
 * button issues again, and the note says the new paper will be marked as a re-issue.
 */
export function ReceiptForm({
  issued,
  defaultAddressee,
  submitting,
  onSubmit,
}: {
  issued: boolean;
  defaultAddressee: string;
  submitting: boolean;
  onSubmit: (addressee: string) => void;
}) {
  const { t } = useTranslation();
  const [addressee, setAddressee] = useState(defaultAddressee);
  const [touched, setTouched] = useState(false);
  const missing = addressee.trim() === '';
  const error = touched && missing ? t('receipt_addressee_required') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    onSubmit(addressee.trim());
  };

  return (
    <form className="receipt-form" onSubmit={submit} noValidate>
      <FormField
        id="receipt-addressee"
        label={t('receipt_addressee')}
        required
        hint={t('receipt_addressee_hint')}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            className="form-field__input"
            type="text"
            autoComplete="organization"
            maxLength={RECEIPT_ADDRESSEE_MAX}
            value={addressee}
            onChange={(event) => setAddressee(event.currentTarget.value.replace(/[\r\n\t]/g, ' '))}
            onBlur={() => setTouched(true)}
          />
        )}
      </FormField>
      {issued ? <p className="receipt-form__note">{t('receipt_reissue_note')}</p> : null}
      <button type="submit" className="button button--primary" disabled={submitting}>
        {t(submitting ? 'receipt_issuing' : issued ? 'receipt_reissue_button' : 'receipt_issue_button')}
      </button>
    </form>
  );
}
