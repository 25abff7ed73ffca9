import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ConsoleApiError } from '../../shared/api/console-client.ts';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { errorText } from '../../shared/ui/error-text.ts';
import { ErrorNotice } from '../../shared/ui/ui.tsx';
import { useReportUnsaved } from './unsaved-changes.ts';

/** What a section's save answers when there was nothing to send (no call made). */
export const NOTHING_CHANGED = Symbol('nothing changed');

export interface SectionFormProps<Values extends FieldValues> {
  title: string;
  /** A sentence under the title: what the section changes, where the visitor sees it. */
  intro?: string;
  form: UseFormReturn<Values>;
  /** Sends the section; its promise settles when the server has answered. */
  save: (values: Values) => Promise<unknown>;
  /** Fetches the settings again after a conflict (and after a save: the new version). */
  reload: () => Promise<unknown>;
  /**
   * The form field an API issue's path names (`settings.theme.primary` → `theme.primary`), or null when the
   * section has none: its message then shows with the section's notice only.
   */
  fieldOf: (path: string) => FieldPath<Values> | null;
  canWrite: boolean;
  /** The save button's words (a secret's "Save and ask for the password"); the section's "Save" otherwise. */
  submitLabel?: string;
  children: ReactNode;
}

/**
 * One section of the site's settings with its own Save: the contract's schema checks it as the operator
 * types (react-hook-form), the API's field issues come back at their fields (and the first one gets focus),
 * a conflict (someone saved meanwhile) offers the latest settings instead of overwriting them, and a save
 * says so in a status line.
 */
export function SectionForm<Values extends FieldValues>({
  title,
  intro,
  form,
  save,
  reload,
  fieldOf,
  canWrite,
  submitLabel,
  children,
}: SectionFormProps<Values>) {
  const { t } = useConsoleI18n();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [saved, setSaved] = useState<'saved' | 'unchanged' | false>(false);
  const mutation = useMutation({
    mutationFn: save,
    onMutate: () => setSaved(false),
    onSuccess: async (answer) => {
      if (answer === NOTHING_CHANGED) return setSaved('unchanged');
      await reload();
      setSaved('saved');
    },
    onError: (error) => {
      if (!(error instanceof ConsoleApiError)) return;
      let first = true;
      for (const issue of error.issues) {
        const field = fieldOf(issue.path);
        if (!field) continue;
        form.setError(field, { type: 'server', message: errorText(t, error) }, { shouldFocus: first });
        first = false;
      }
    },
  });
  useEffect(() => {
    // A changed field makes "Saved" stale.
    const watcher = form.watch(() => setSaved(false));
    return () => watcher.unsubscribe();
  }, [form]);
  useReportUnsaved(canWrite && form.formState.isDirty);
  const conflict = isApiError(mutation.error, 'console_edit_conflict');
  return (
    <section className="c-panel ss-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {intro ? <p className="c-muted">{intro}</p> : null}
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (canWrite) mutation.mutate(values);
        })}
      >
        <fieldset className="ss-bare" disabled={!canWrite || mutation.isPending}>
          {children}
        </fieldset>
        {conflict ? (
          <div className="c-notice c-notice--error" role="alert">
            <p>{t('site_settings_conflict')}</p>
            <button
              className="c-button"
              type="button"
              onClick={() => {
                mutation.reset();
                void reload().then(() => heading.current?.focus());
              }}
            >
              {t('site_settings_load_latest')}
            </button>
          </div>
        ) : (
          <ErrorNotice error={mutation.error} />
        )}
        {canWrite ? (
          <div className="c-actions">
            <button className="c-button c-button--primary" type="submit" disabled={mutation.isPending}>
              {submitLabel ?? t('site_settings_save', { section: title })}
            </button>
            <span role="status" className="ss-saved">
              {mutation.isPending
                ? t('site_settings_saving')
                : saved === 'saved'
                  ? t('site_settings_saved')
                  : saved === 'unchanged'
                    ? t('site_settings_unchanged')
                    : ''}
            </span>
          </div>
        ) : (
          <p className="c-muted">{t('site_settings_read_only')}</p>
        )}
      </form>
    </section>
  );
}
