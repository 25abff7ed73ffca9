import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { KNOWN_SITE_SECRETS, type SiteSecretStatus } from '@kippu/contract/console/settings-schemas';
import { consoleCall } from '../../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../../shared/api/console-routes.ts';
import { useFormat } from '../../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { ErrorNotice, Loading } from '../../../shared/ui/ui.tsx';
import { settingsKeys } from '../settings-queries.ts';

/** The known secrets first (listed even when not set), then any other the site holds. */
export function secretRows(stored: readonly SiteSecretStatus[]): SiteSecretStatus[] {
  const byName = new Map(stored.map((secret) => [secret.name, secret]));
  const known = KNOWN_SITE_SECRETS.map(
    (name) => byName.get(name) ?? { name, set: false, changed_at: null, changed_by: null },
  );
  return [
    ...known,
    ...stored.filter((secret) => !(KNOWN_SITE_SECRETS as readonly string[]).includes(secret.name)),
  ];
}

/**
 * The gateways' keys and webhook secrets: write-only. The console shows whether each is set and who changed
 * it when, never a value (the API never answers one, and the field starts empty every time). Saving or
 * removing asks for the password again (the shell's dialog, on the API's answer).
 */
export function SecretsSection({ site, canWrite }: { site: string; canWrite: boolean }) {
  const { t } = useConsoleI18n();
  const secrets = useQuery({
    queryKey: settingsKeys.secrets(site),
    queryFn: () => consoleCall(R.consoleSiteSecrets, { params: { site } }),
  });
  return (
    <section className="c-panel ss-section" aria-labelledby="ss-secrets-title">
      <h2 id="ss-secrets-title" tabIndex={-1}>
        {t('site_settings_section_secrets')}
      </h2>
      <p className="c-muted">{t('site_settings_secrets_intro')}</p>
      {secrets.isPending ? <Loading /> : null}
      <ErrorNotice error={secrets.error} />
      {secrets.data ? (
        <ul className="ss-list ss-secrets">
          {secretRows(secrets.data.secrets).map((secret) => (
            <SecretRow key={secret.name} site={site} secret={secret} canWrite={canWrite} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SecretRow({
  site,
  secret,
  canWrite,
}: {
  site: string;
  secret: SiteSecretStatus;
  canWrite: boolean;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const id = useId();
  const [value, setValue] = useState('');
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: settingsKeys.secrets(site) });
  const set = useMutation({
    mutationFn: () =>
      consoleCall(R.consoleSetSiteSecret, { params: { site, name: secret.name }, body: { value } }),
    onMutate: () => setDone(null),
    onSuccess: () => {
      // The value leaves the page as soon as the server has it.
      setValue('');
      setDone('saved');
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => consoleCall(R.consoleDeleteSiteSecret, { params: { site, name: secret.name } }),
    onMutate: () => setDone(null),
    onSuccess: () => {
      setDone('removed');
      return refresh();
    },
  });
  const state = secret.set ? t('site_settings_secret_set') : t('site_settings_secret_not_set');
  return (
    <li>
      <div className="ss-grow">
        <p style={{ margin: 0 }}>
          <code className="c-key">{secret.name}</code>{' '}
          <strong className={secret.set ? 'c-status--ok' : 'c-muted'}>{state}</strong>
        </p>
        <p id={`${id}-changed`} className="c-field__hint">
          {secret.changed_at
            ? t('site_settings_secret_changed', {
                time: f.dateTime(secret.changed_at),
                name: secret.changed_by?.name ?? t('site_settings_secret_by_system'),
              })
            : t('site_settings_secret_never_changed')}
        </p>
      </div>
      {canWrite ? (
        <form
          className="ss-secret__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (value !== '') set.mutate();
          }}
        >
          <div className="c-field">
            <label htmlFor={id}>{t('site_settings_secret_new_value', { name: secret.name })}</label>
            <input
              id={id}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              value={value}
              aria-describedby={`${id}-changed`}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
          <div className="c-field">
            <span className="c-actions">
              <button
                className="c-button c-button--primary"
                type="submit"
                disabled={value === '' || set.isPending}
              >
                {t('site_settings_secret_save', { name: secret.name })}
              </button>
              {secret.set ? (
                <button
                  className="c-button c-button--danger"
                  type="button"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(t('site_settings_secret_remove_confirm', { name: secret.name })))
                      remove.mutate();
                  }}
                >
                  {t('site_settings_secret_remove', { name: secret.name })}
                </button>
              ) : null}
            </span>
          </div>
        </form>
      ) : null}
      <ErrorNotice error={set.error ?? remove.error} />
      {done ? (
        <p role="status" className="ss-saved">
          {done === 'saved' ? t('site_settings_secret_saved') : t('site_settings_secret_removed')}
        </p>
      ) : null}
    </li>
  );
}
