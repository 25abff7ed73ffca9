import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MAIL_MAGAZINE_FIELDS,
  type MailMagazineField,
  type MailMagazineSubscription,
} from '@kippu/contract/endpoints/mail-magazines';
import { paths } from '../../../shared/routing/paths.ts';
import { CheckboxField } from '../../../shared/ui/form-field.tsx';
import { mailMagazinesQuery, unsubscribeMailMagazines } from './api/mail-magazine-calls.ts';

const LABELS: Record<MailMagazineField, string> = {
  mail_magazine: 'mail_release_mail_magazine',
  teamlab_mail_magazine: 'mail_release_teamlab_mail_magazine',
};

/**
 * The magazines the address still receives, each ticked to stop (a visitor who opened the link mostly
 * wants out of everything); untick to keep one. Unsubscribing leads to the completion page.
 */
export function MailReleaseForm({
  mailToken,
  subscription,
}: {
  mailToken: string;
  subscription: MailMagazineSubscription;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const active = MAIL_MAGAZINE_FIELDS.filter((field) => subscription[field]);
  const [chosen, setChosen] = useState<MailMagazineField[]>(active);
  const [showChooseOne, setShowChooseOne] = useState(false);
  const release = useMutation({
    mutationFn: (fields: MailMagazineField[]) => unsubscribeMailMagazines(mailToken, fields),
    onSuccess: () => navigate(paths.mailReleaseCompletion.getHref()),
    // A refusal (already off in another tab) has shown its dialog: show what is still on.
    onError: () => queryClient.invalidateQueries({ queryKey: mailMagazinesQuery(mailToken).queryKey }),
  });

  if (active.length === 0) return <p className="visitor-page__text">{t('mail_release_nothing')}</p>;

  const toggle = (field: MailMagazineField, on: boolean) => {
    setShowChooseOne(false);
    setChosen((current) => (on ? [...current, field] : current.filter((item) => item !== field)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (release.isPending) return;
    if (!active.some((field) => chosen.includes(field))) {
      setShowChooseOne(true);
      return;
    }
    // Only what is still on: a magazine stopped meanwhile (another tab) is not asked again.
    release.mutate(active.filter((field) => chosen.includes(field)));
  };

  return (
    <form noValidate onSubmit={submit}>
      <fieldset
        className="mail-release__choices"
        aria-describedby={showChooseOne ? 'mail-release-error' : undefined}
      >
        <legend className="form-field__label">{t('mail_release_choices')}</legend>
        {active.map((field) => (
          <CheckboxField
            key={field}
            id={`mail-release-${field}`}
            label={t(LABELS[field])}
            checked={chosen.includes(field)}
            onChange={(event) => toggle(field, event.target.checked)}
          />
        ))}
      </fieldset>
      {showChooseOne ? (
        <p id="mail-release-error" className="form-field__error" role="alert">
          {t('mail_release_choose_one')}
        </p>
      ) : null}
      <div className="visitor-page__actions">
        <button type="submit" className="button button--primary" disabled={release.isPending}>
          {release.isPending ? t('mail_release_submitting') : t('mail_release_submit')}
        </button>
      </div>
    </form>
  );
}
