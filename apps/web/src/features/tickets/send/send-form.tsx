import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LangCode } from '@kippu/contract/enums';
import type { TicketSendBody } from '@kippu/contract/endpoints/ticket-share';
import { byDisplayPosition } from '../../../shared/sort/by-display-position.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { fieldError } from '../../../shared/validation/field-error.ts';

/**
 * The address to send the ticket link to (spec §5 email rule) and the mail's language (the site's
 * languages, the page's own first chosen).
 */
export function SendForm({
  defaultLang,
  submitting,
  onSubmit,
}: {
  defaultLang: LangCode;
  submitting: boolean;
  onSubmit: (body: TicketSendBody) => void;
}) {
  const { t } = useTranslation();
  const languages = useCoreStore((state) => state.languages);
  const [email, setEmail] = useState('');
  const [lang, setLang] = useState<LangCode>(defaultLang);
  const [touched, setTouched] = useState(false);
  // The message names its field ("Email address is required."), as the order form's do.
  const emailError = () => fieldError(email, ['required', 'email'], { field: t('send_email_label') }, {}, t);
  const error = touched ? emailError() : null;
  const choices = languages.length > 0 ? [...languages].sort(byDisplayPosition) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailError()) return;
    onSubmit({ email: email.trim(), lang });
  };

  return (
    <form className="share-form" onSubmit={submit} noValidate>
      <FormField id="send-email" label={t('send_email_label')} required error={error ?? undefined}>
        {(control) => (
          <input
            {...control}
            className="form-field__input"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
          />
        )}
      </FormField>
      {choices.length > 0 ? (
        <FormField id="send-lang" label={t('send_lang_label')} required>
          {(control) => (
            <select
              {...control}
              className="form-field__select"
              value={lang}
              onChange={(event) => setLang(event.currentTarget.value as LangCode)}
            >
              {choices.map((language) => (
                <option key={language.code} value={language.code}>
                  {language.display_name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      <p className="share-form__rule">{t('send_note')}</p>
      <button type="submit" className="button button--primary" disabled={submitting}>
        {t('send_submit')}
      </button>
    </form>
  );
}
