import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookBody } from '@kippu/contract/console/webhooks-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { SecretOnce } from '../../shared/ui/secret-once.tsx';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { TEXTS } from './texts.ts';
import { WebhookForm } from './webhook-form.tsx';
import { canWriteIntegrations, webhookKeys } from './webhook-queries.ts';
import { useEventName, useSecretLabels, useSiteNames, WebhookState } from './webhook-words.tsx';
import './webhooks.css';

/**
 * The organisation's webhook subscriptions: where each sends, which events, which sites, on or off and why.
 * A new one answers its signing secret once (after the password again): it is shown here until staff close
 * it or leave the screen, and never again.
 */
function Body({ session }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const canWrite = canWriteIntegrations(session);
  const sites = session.sites ?? [];
  const eventName = useEventName();
  const siteNames = useSiteNames(sites);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ url: string; id: number; value: string } | null>(null);
  const list = useQuery({ queryKey: webhookKeys.list, queryFn: () => consoleCall(R.consoleListWebhooks) });
  const create = useMutation({
    mutationFn: (body: WebhookBody) => consoleCall(R.consoleCreateWebhook, { body }),
    // The answer holds the secret: no cache keeps it after this screen (SecretOnce).
    gcTime: 0,
    onSuccess: (answer) => {
      setSecret({ url: answer.webhook.url, id: answer.webhook.id, value: answer.secret });
      setCreating(false);
      return client.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
  const secretLabels = useSecretLabels(t('webhooks_secret_title', { url: secret?.url ?? '' }));
  return (
    <Page
      title={t('webhooks_title')}
      actions={
        canWrite && !creating ? (
          <button className="c-button c-button--primary" type="button" onClick={() => setCreating(true)}>
            {t('webhooks_new')}
          </button>
        ) : null
      }
    >
      <p>{t('webhooks_text')}</p>
      {secret ? (
        <>
          <SecretOnce secret={secret.value} labels={secretLabels} onDone={() => setSecret(null)} />
          <p>
            <a className="c-link" href={hrefOf('webhook', { webhookId: String(secret.id) })}>
              {t('webhooks_open_new')}
            </a>
          </p>
        </>
      ) : null}
      {creating ? (
        <WebhookForm
          sites={sites}
          title={t('webhooks_new')}
          submitLabel={t('webhooks_create')}
          pending={create.isPending}
          error={create.error}
          onSubmit={(body) => create.mutate(body)}
          onCancel={() => {
            create.reset();
            setCreating(false);
          }}
        />
      ) : null}
      {list.isPending ? <Loading /> : null}
      <ErrorNotice error={list.error} />
      {list.data ? (
        <DataTable
          caption={t('webhooks_list')}
          rows={list.data.webhooks}
          rowKey={(row) => row.id}
          empty={t('webhooks_none')}
          columns={[
            {
              key: 'url',
              header: t('webhooks_url'),
              breakAnywhere: true,
              cell: (row) => (
                <>
                  <a className="c-link" href={hrefOf('webhook', { webhookId: String(row.id) })}>
                    {row.url}
                  </a>
                  {row.description ? <div className="c-muted">{row.description}</div> : null}
                </>
              ),
            },
            {
              key: 'events',
              header: t('webhooks_events'),
              cell: (row) => row.event_types.map(eventName).join(', '),
            },
            { key: 'sites', header: t('webhooks_sites'), cell: (row) => siteNames(row.site_codes) },
            { key: 'state', header: t('state'), cell: (row) => <WebhookState webhook={row} /> },
          ]}
        />
      ) : null}
    </Page>
  );
}

export const WebhooksScreen = featureScreen(TEXTS, Body);
