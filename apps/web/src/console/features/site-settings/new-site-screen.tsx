import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createSiteBodySchema } from '@kippu/contract/console/settings-schemas';
import { ERRORS } from '@kippu/contract/errors';
import { consoleCall, ConsoleApiError } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { WithFeatureTexts } from '../../shared/i18n/feature-texts.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { SESSION_QUERY_KEY, type ConsoleSession } from '../../shared/session/session-api.ts';
import { emptyLocalizedText, LocalizedTextFields } from '../../shared/ui/localized-text-fields.tsx';
import { errorText } from '../../shared/ui/error-text.ts';
import { ErrorNotice, Field, Page } from '../../shared/ui/ui.tsx';
import { fieldErrorText } from './field-error.ts';
import { SelectField } from './fields.tsx';
import { canCreateSites } from './site-settings-screen.tsx';
import { TEXTS } from './texts.ts';
import './site-settings.css';

type Values = z.infer<typeof createSiteBodySchema>;
type FieldName = 'from_site' | 'code' | 'slug' | 'name';

/** The API's errors that belong to one field even when it names no path. */
const ERROR_FIELD: Record<string, FieldName> = {
  [ERRORS.console_slug_unavailable.message]: 'slug',
  [ERRORS.console_code_taken.message]: 'code',
};

/**
 * A new site, copied from one the staff member covers (its settings, texts, languages, payment methods and
 * sign-in fields; never products, orders or secrets). Owner-like roles only, as the API decides. After it is
 * made, the session is read again (the new site joins the picker) and its settings open.
 */
export function NewSiteScreen({ session }: { session: ConsoleSession }) {
  return (
    <WithFeatureTexts texts={TEXTS}>
      <Body session={session} />
    </WithFeatureTexts>
  );
}

function Body({ session }: { session: ConsoleSession }) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const sites = session.sites ?? [];
  const form = useForm<Values>({
    resolver: zodResolver(createSiteBodySchema),
    defaultValues: { from_site: sites[0]?.code ?? '', code: '', slug: '', name: emptyLocalizedText() },
  });
  const create = useMutation({
    mutationFn: (body: Values) => consoleCall(R.consoleCreateSite, { body }),
    onSuccess: async (answer) => {
      await client.refetchQueries({ queryKey: SESSION_QUERY_KEY });
      navigate(hrefOf('siteSettings', { site: answer.site.code }));
    },
    onError: (error) => {
      if (!(error instanceof ConsoleApiError)) return;
      const named = error.issues
        .map((issue) => issue.path.replace(/^body\./, '').split('.')[0] as FieldName)
        .filter((field) => ['from_site', 'code', 'slug', 'name'].includes(field));
      const fields = named.length > 0 ? named : ERROR_FIELD[error.error] ? [ERROR_FIELD[error.error]!] : [];
      fields.forEach((field, index) =>
        form.setError(field, { type: 'server', message: errorText(t, error) }, { shouldFocus: index === 0 }),
      );
    },
  });
  const errors = form.formState.errors;
  const pointed =
    create.error instanceof ConsoleApiError &&
    (create.error.issues.length > 0 || ERROR_FIELD[create.error.error] !== undefined);
  if (!canCreateSites(session)) {
    return (
      <Page title={t('new_site_title')}>
        <p className="c-notice">{t('new_site_not_allowed')}</p>
      </Page>
    );
  }
  return (
    <Page title={t('new_site_title')}>
      <form className="c-panel" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <p className="c-muted">{t('new_site_intro')}</p>
        <SelectField
          label={t('new_site_copy_from')}
          error={fieldErrorText(t, errors.from_site)}
          {...form.register('from_site')}
        >
          {sites.map((site) => (
            <option key={site.code} value={site.code}>
              {site.name} ({site.code})
            </option>
          ))}
        </SelectField>
        <div className="ss-grid">
          <Field
            label={t('new_site_code')}
            hint={t('new_site_code_hint')}
            spellCheck={false}
            autoComplete="off"
            error={fieldErrorText(t, errors.code)}
            {...form.register('code')}
          />
          <Field
            label={t('new_site_slug')}
            hint={t('new_site_slug_hint')}
            spellCheck={false}
            autoComplete="off"
            error={fieldErrorText(t, errors.slug)}
            {...form.register('slug')}
          />
        </div>
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <LocalizedTextFields
              label={t('new_site_name')}
              hint={t('new_site_name_hint')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldErrorText(t, fieldState.error)}
            />
          )}
        />
        {pointed ? null : <ErrorNotice error={create.error} />}
        <button className="c-button c-button--primary" type="submit" disabled={create.isPending}>
          {t('new_site_submit')}
        </button>
      </form>
    </Page>
  );
}
