import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookBody, WebhookView } from '@kippu/contract/console/webhooks-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { SecretOnce } from '../../shared/ui/secret-once.tsx';
import { ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { TEXTS } from './texts.ts';
import { WebhookForm } from './webhook-form.tsx';
import { canWriteIntegrations, webhookKeys } from './webhook-queries.ts';
import { useEventName, useSecretLabels, useSiteNames, WebhookState } from './webhook-words.tsx';
import './webhooks.css';

/** How long the old secret may keep signing after a rotation (the contract allows 0 to 168 hours). */
const GRACE_HOURS = [0, 1, 24, 72, 168] as const;

const bodyOf = (webhook: WebhookView, enabled: boolean): WebhookBody => ({
  url: webhook.url,
  description: webhook.description,
  event_types: webhook.event_types,
  site_codes: webhook.site_codes,
  enabled,
});

/**
 * One subscription: what it sends where, on or off (and why), its signing secret's rotation with a grace
 * period for the receiver to switch, a test ping, and the delivery log with redelivery.
 */
function Body({ session, params }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const id = Number(params.webhookId);
  const canWrite = canWriteIntegrations(session);
  const sites = session.sites ?? [];
  const eventName = useEventName();
  const siteNames = useSiteNames(sites);
  const [editing, setEditing] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; oldUntil: string | null } | null>(null);
  const webhook = useQuery({
    queryKey: webhookKeys.one(id),
    queryFn: () => consoleCall(R.consoleGetWebhook, { params: { id } }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.all });
  const save = useMutation({
    mutationFn: (body: WebhookBody) => consoleCall(R.consoleUpdateWebhook, { params: { id }, body }),
    onSuccess: (saved) => {
      client.setQueryData(webhookKeys.one(id), saved);
      setEditing(false);
      return refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (graceHours: number) =>
      consoleCall(R.consoleRotateWebhookSecret, { params: { id }, body: { grace_hours: graceHours } }),
    // The answer holds the secret: no cache keeps it after this screen (SecretOnce).
    gcTime: 0,
    onSuccess: (answer) => {
      setSecret({ value: answer.secret, oldUntil: answer.webhook.previous_secret_expires_at });
      setRotating(false);
      client.setQueryData(webhookKeys.one(id), answer.webhook);
      return refresh();
    },
  });
  const ping = useMutation({
    mutationFn: () => consoleCall(R.consolePingWebhook, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
  const remove = useMutation({
    mutationFn: () => consoleCall(R.consoleDeleteWebhook, { params: { id } }),
    onSuccess: async () => {
      client.removeQueries({ queryKey: webhookKeys.one(id) });
      await refresh();
      navigate(hrefOf('webhooks'));
    },
  });
  const secretLabels = useSecretLabels(t('webhooks_rotated_title'));
  const data = webhook.data;
  return (
    <Page
      title={data ? t('webhooks_one_title', { url: data.url }) : t('webhooks_title')}
      actions={
        <a className="c-link" href={hrefOf('webhooks')}>
          {t('webhooks_back')}
        </a>
      }
    >
      {webhook.isPending ? <Loading /> : null}
      <ErrorNotice error={webhook.error} />
      {secret ? (
        <>
          <SecretOnce secret={secret.value} labels={secretLabels} onDone={() => setSecret(null)} />
          {secret.oldUntil ? (
            <p className="c-notice" role="status">
              {t('webhooks_old_secret_until', { time: f.dateTime(secret.oldUntil) })}
            </p>
          ) : null}
        </>
      ) : null}
      {data ? (
        <>
          <dl className="c-facts c-panel">
            <dt>{t('webhooks_url')}</dt>
            <dd className="c-break">{data.url}</dd>
            {data.description ? (
              <>
                <dt>{t('webhooks_note')}</dt>
                <dd>{data.description}</dd>
              </>
            ) : null}
            <dt>{t('webhooks_events')}</dt>
            <dd>{data.event_types.map(eventName).join(', ')}</dd>
            <dt>{t('webhooks_sites')}</dt>
            <dd>{siteNames(data.site_codes)}</dd>
            <dt>{t('state')}</dt>
            <dd>
              <WebhookState webhook={data} />
            </dd>
            <dt>{t('created_at')}</dt>
            <dd>{f.dateTime(data.created_at)}</dd>
            {data.previous_secret_expires_at ? (
              <>
                <dt>{t('webhooks_previous_secret')}</dt>
                <dd>
                  {t('webhooks_old_secret_until', { time: f.dateTime(data.previous_secret_expires_at) })}
                </dd>
              </>
            ) : null}
          </dl>
          {canWrite ? (
            <p className="c-actions">
              <button className="c-button" type="button" onClick={() => setEditing(true)} disabled={editing}>
                {t('webhooks_edit')}
              </button>
              <button
                className="c-button"
                type="button"
                disabled={save.isPending}
                onClick={() => save.mutate(bodyOf(data, !data.enabled))}
              >
                {data.enabled ? t('webhooks_disable') : t('webhooks_enable')}
              </button>
              <button className="c-button" type="button" onClick={() => setRotating(true)}>
                {t('webhooks_rotate')}
              </button>
              <button
                className="c-button"
                type="button"
                disabled={ping.isPending}
                onClick={() => ping.mutate()}
              >
                {t('webhooks_ping')}
              </button>
              <button
                className="c-button c-button--danger"
                type="button"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(t('webhooks_delete_confirm', { url: data.url }))) remove.mutate();
                }}
              >
                {t('webhooks_delete')}
              </button>
            </p>
          ) : null}
          {ping.isSuccess ? (
            <p className="c-notice c-notice--ok" role="status">
              {t('webhooks_ping_queued')}
            </p>
          ) : null}
          <ErrorNotice error={(editing ? null : save.error) ?? ping.error ?? remove.error} />
          {editing ? (
            <WebhookForm
              webhook={data}
              sites={sites}
              title={t('webhooks_edit')}
              submitLabel={t('save')}
              pending={save.isPending}
              error={save.error}
              onSubmit={(body) => save.mutate(body)}
              onCancel={() => {
                save.reset();
                setEditing(false);
              }}
            />
          ) : null}
          {rotating ? (
            <RotateDialog
              pending={rotate.isPending}
              error={rotate.error}
              onRotate={(hours) => rotate.mutate(hours)}
              onClose={() => {
                rotate.reset();
                setRotating(false);
              }}
            />
          ) : null}
          <DeliveryLog webhookId={id} canWrite={canWrite} />
        </>
      ) : null}
    </Page>
  );
}

/** What rotation does, and how long the old secret keeps signing beside the new one (24 hours unless chosen). */
function RotateDialog({
  pending,
  error,
  onRotate,
  onClose,
}: {
  pending: boolean;
  error: unknown;
  onRotate: (graceHours: number) => void;
  onClose: () => void;
}) {
  const { t } = useConsoleI18n();
  const [hours, setHours] = useState(24);
  return (
    <Dialog title={t('webhooks_rotate_title')} onClose={onClose}>
      <p>{t('webhooks_rotate_text')}</p>
      <div className="c-field">
        <label htmlFor="c-webhook-grace">{t('webhooks_rotate_grace')}</label>
        <select
          id="c-webhook-grace"
          className="c-select"
          value={hours}
          onChange={(event) => setHours(Number(event.target.value))}
        >
          {GRACE_HOURS.map((each) => (
            <option key={each} value={each}>
              {each === 0 ? t('webhooks_grace_none') : t('webhooks_grace_hours', { hours: each })}
            </option>
          ))}
        </select>
      </div>
      <ErrorNotice error={error} />
      <p className="c-actions">
        <button
          className="c-button c-button--primary"
          type="button"
          disabled={pending}
          onClick={() => onRotate(hours)}
        >
          {t('webhooks_rotate_submit')}
        </button>
        <button className="c-button" type="button" onClick={onClose}>
          {t('cancel')}
        </button>
      </p>
    </Dialog>
  );
}

export const WebhookScreen = featureScreen(TEXTS, Body);
