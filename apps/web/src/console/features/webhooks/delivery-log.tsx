import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryView } from '@kippu/contract/console/webhooks-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable, ErrorNotice, Loading } from '../../shared/ui/ui.tsx';
import { webhookKeys } from './webhook-queries.ts';
import { useEventName } from './webhook-words.tsx';

type Attempt = WebhookDeliveryView['attempts'][number];

const PAGE_SIZE = '25';

/** A word for a failure without a status (`timeout`, `target_refused`...); a reason added later shows its code. */
function useAttemptWords() {
  const { t } = useConsoleI18n();
  return (attempt: Attempt) => {
    if (attempt.status_code !== null) return `HTTP ${attempt.status_code}`;
    const key = `webhooks_attempt_error_${(attempt.error ?? 'unknown').replace(/[^a-z0-9]+/g, '_')}`;
    const text = t(key);
    return text === key ? (attempt.error ?? '—') : text;
  };
}

/**
 * A subscription's delivery log, newest first: each event with its status, its tries (when, the receiver's
 * status or why none came, how long, the start of the answer) and when the next try is due; staff with
 * integrations write send one again (same event id and body, marked manual in the log).
 */
export function DeliveryLog({ webhookId, canWrite }: { webhookId: number; canWrite: boolean }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const eventName = useEventName();
  const attemptWord = useAttemptWords();
  const log = useInfiniteQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ pageParam }) =>
      consoleCall(R.consoleListWebhookDeliveries, {
        params: { id: webhookId },
        query: { cursor: pageParam, limit: PAGE_SIZE } as never,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: number) =>
      consoleCall(R.consoleRedeliverWebhook, { params: { id: webhookId, deliveryId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
  const rows = log.data?.pages.flatMap((page) => page.deliveries) ?? [];
  const last = (row: WebhookDeliveryView) => row.attempts[row.attempts.length - 1];
  return (
    // No name of its own: the table's region carries "Delivery log" (one landmark per name).
    <section className="c-webhook-log">
      <h2>{t('webhooks_log')}</h2>
      <p className="c-actions">
        <button
          className="c-button"
          type="button"
          disabled={log.isFetching}
          onClick={() => void client.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) })}
        >
          {t('webhooks_log_refresh')}
        </button>
      </p>
      {log.isPending ? <Loading /> : null}
      <ErrorNotice error={log.error ?? redeliver.error} />
      {redeliver.isSuccess ? (
        <p className="c-notice c-notice--ok" role="status">
          {t('webhooks_redelivery_queued')}
        </p>
      ) : null}
      {log.data ? (
        <DataTable
          caption={t('webhooks_log')}
          rows={rows}
          rowKey={(row) => row.id}
          empty={t('webhooks_log_none')}
          columns={[
            { key: 'at', header: t('webhooks_log_time'), cell: (row) => f.dateTime(row.created_at) },
            {
              key: 'event',
              header: t('webhooks_log_event'),
              cell: (row) => (
                <>
                  {eventName(row.event_type)}
                  <div className="c-muted">
                    <code>{row.event_id}</code>
                  </div>
                </>
              ),
            },
            {
              key: 'status',
              header: t('webhooks_log_status'),
              cell: (row) => (
                <span
                  className={
                    row.status === 'delivered'
                      ? 'c-status--ok'
                      : row.status === 'failed'
                        ? 'c-status--bad'
                        : undefined
                  }
                >
                  {t(`webhooks_delivery_${row.status}`)}
                  {last(row) ? <div className="c-muted">{attemptWord(last(row)!)}</div> : null}
                </span>
              ),
            },
            {
              key: 'attempts',
              header: t('webhooks_log_attempts'),
              numeric: true,
              cell: (row) => f.count(row.attempts.length),
            },
            {
              key: 'duration',
              header: t('webhooks_log_duration'),
              numeric: true,
              cell: (row) =>
                last(row) ? t('webhooks_duration_ms', { ms: f.count(last(row)!.duration_ms) }) : '—',
            },
            {
              key: 'response',
              header: t('webhooks_log_response'),
              breakAnywhere: true,
              cell: (row) => <Attempts attempts={row.attempts} word={attemptWord} />,
            },
            {
              key: 'next',
              header: t('webhooks_log_next'),
              cell: (row) => (row.next_attempt_at ? f.dateTime(row.next_attempt_at) : '—'),
            },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    header: t('actions'),
                    cell: (row: WebhookDeliveryView) => (
                      <button
                        className="c-button c-button--small"
                        type="button"
                        disabled={redeliver.isPending}
                        aria-label={t('webhooks_redeliver_label', {
                          event: eventName(row.event_type),
                          time: f.dateTime(row.created_at),
                        })}
                        onClick={() => redeliver.mutate(row.id)}
                      >
                        {t('webhooks_redeliver')}
                      </button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      {log.hasNextPage ? (
        <button
          className="c-button"
          type="button"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('webhooks_log_more')}
        </button>
      ) : null}
    </section>
  );
}

/** The last answer's start, and every try on demand (they can be many over three days). */
function Attempts({ attempts, word }: { attempts: readonly Attempt[]; word: (attempt: Attempt) => string }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const last = attempts[attempts.length - 1];
  if (!last) return <span className="c-muted">{t('webhooks_log_not_yet')}</span>;
  return (
    <>
      {last.response_excerpt ? <pre className="c-pre c-webhook-excerpt">{last.response_excerpt}</pre> : null}
      <details>
        <summary>{t('webhooks_log_all_attempts', { count: attempts.length })}</summary>
        <ol className="c-webhook-attempts">
          {attempts.map((attempt) => (
            <li key={attempt.number}>
              {f.dateTime(attempt.at)} · {word(attempt)} ·{' '}
              {t('webhooks_duration_ms', { ms: f.count(attempt.duration_ms) })}
              {attempt.manual ? ` · ${t('webhooks_attempt_manual')}` : ''}
              {attempt.response_excerpt && attempt !== last ? (
                <pre className="c-pre c-webhook-excerpt">{attempt.response_excerpt}</pre>
              ) : null}
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}
