import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';

/**
 * A ticket page's query before its data is there: a skeleton while it loads; when it fails, the page's
 * "not found" text (with the way to the booking inquiry when `findBooking`) or its error text with a retry.
 */
export function TicketQueryState({
  query,
  notFoundKey,
  failedKey,
  retryKey,
  findBooking,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'error' | 'refetch'>;
  notFoundKey: string;
  failedKey: string;
  retryKey: string;
  findBooking: boolean;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="ticket-skeleton" aria-busy="true">
        <span className="visually-hidden">{t('common_loading')}</span>
      </div>
    );
  }
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="ticket-message" role={notFound ? undefined : 'alert'}>
      <p>{t(notFound ? notFoundKey : failedKey)}</p>
      {!notFound ? (
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t(retryKey)}
        </button>
      ) : findBooking ? (
        <Link className="button button--secondary" to={paths.reservationInquiry.getHref()}>
          {t('ticket_find_booking')}
        </Link>
      ) : null}
    </div>
  );
}
