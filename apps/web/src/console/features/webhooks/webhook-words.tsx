import type { WebhookView } from '@kippu/contract/console/webhooks-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import type { SecretOnceLabels } from '../../shared/ui/secret-once.tsx';

/** An event type's name (`reservation.created` → "Reservation created"); a type added later shows its code. */
export function useEventName() {
  const { t } = useConsoleI18n();
  return (type: string) => {
    const key = `webhooks_event_${type.replace(/[^a-z0-9]+/g, '_')}`;
    const text = t(key);
    return text === key ? type : text;
  };
}

/** Which sites a subscription covers: every one (also later ones), or their names. */
export function useSiteNames(sites: readonly { code: string; name: string }[]) {
  const { t } = useConsoleI18n();
  return (codes: readonly string[] | null) =>
    codes === null
      ? t('webhooks_all_sites_short')
      : codes.map((code) => sites.find((site) => site.code === code)?.name ?? code).join(', ');
}

/** On, or off with why and since when (staff, the receiver's 410 Gone, repeated failures); never colour alone. */
export function WebhookState({ webhook }: { webhook: WebhookView }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  if (webhook.enabled)
    return (
      <span className="c-status--ok">
        {t('webhooks_enabled')}
        {webhook.consecutive_failures > 0 ? (
          <span className="c-muted">
            {' '}
            {t('webhooks_failures_in_row', { count: webhook.consecutive_failures })}
          </span>
        ) : null}
      </span>
    );
  return (
    <span className="c-status--bad">
      {t(`webhooks_disabled_${webhook.disabled_reason ?? 'staff'}`, {
        time: f.dateTime(webhook.disabled_at),
      })}
    </span>
  );
}

/** The secret panel's words: a new subscription's secret, or a rotated one with the old secret's grace. */
export function useSecretLabels(title: string): SecretOnceLabels {
  const { t } = useConsoleI18n();
  return {
    title,
    warning: t('webhooks_secret_once'),
    copy: t('webhooks_secret_copy'),
    copied: t('webhooks_secret_copied'),
    copyFailed: t('webhooks_secret_copy_failed'),
    done: t('webhooks_secret_done'),
  };
}
