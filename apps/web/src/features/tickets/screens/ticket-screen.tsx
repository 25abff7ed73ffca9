import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { ticketQuery } from '../api/ticket-query.ts';
import { FALLBACK_DISPLAY } from '../ticket/ticket-parts.tsx';
import { AddToCalendarLink } from '../ticket/add-to-calendar-link.tsx';
import { TicketQueryState } from '../ticket/ticket-query-state.tsx';
import { PrintLogo } from '../print/print-logo.tsx';
import { TicketView } from '../ticket/ticket-view.tsx';
import { StaffTapLinks } from '../ticket/staff-tap-links.tsx';
import { TicketRefunds } from '../ticket/ticket-refunds.tsx';
import '../ticket/ticket.css';

function PrintIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M5.5 7V2.75h9V7M5.5 14.5h-2a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h13a1 1 0 0 1 1 1v5.5a1 1 0 0 1-1 1h-2M5.5 11.5h9v6h-9z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The ticket (spec §2 `/id/:reservationToken`; `/tickets/:reservationToken` redirects here): the
 * reservation's product, date and time in the visitor's language, its ticket types and one QR code per
 * ticket, laid out as the site's ticket display settings say. Printable.
 */
export default function TicketScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { reservationToken = '' } = useParams();
  const settings = useCoreStore((state) => state.configuration?.settings);
  const ticket = useQuery(ticketQuery(reservationToken, lang));

  return (
    <div className="ticket-page">
      <ScreenHero title={t('screen_ticket_title')} />
      <div className="ticket-page__content">
        <PrintLogo printOnly />
        {!ticket.isSuccess ? (
          <TicketQueryState
            query={ticket}
            notFoundKey="ticket_not_found"
            failedKey="ticket_load_failed"
            retryKey="ticket_retry"
            findBooking
          />
        ) : (
          <>
            <TicketView
              ticket={ticket.data}
              display={settings?.ticketDisplay ?? FALLBACK_DISPLAY}
              brand={settings?.name[lang] ?? ''}
              reservationToken={reservationToken}
            />
            <StaffTapLinks ticket={ticket.data} reservationToken={reservationToken} />
            {ticket.data.return_notes.length > 0 ? (
              <TicketRefunds notes={ticket.data.return_notes} reservationToken={reservationToken} />
            ) : null}
            <div className="ticket-actions">
              <button type="button" className="button button--secondary" onClick={() => window.print()}>
                <PrintIcon />
                {t('ticket_print')}
              </button>
              <AddToCalendarLink reservationToken={reservationToken} lang={lang} />
              {ticket.data.can_change_date ? (
                <Link
                  className="button button--secondary"
                  to={paths.changeDate.getHref({ reservationToken })}
                >
                  {t('ticket_change_date')}
                </Link>
              ) : null}
              {ticket.data.status === 'reserved' ? (
                <>
                  <Link
                    className="button button--secondary"
                    to={paths.ticketShare.getHref({ reservationToken })}
                  >
                    {t('screen_ticket_share_title')}
                  </Link>
                  <Link
                    className="button button--secondary"
                    to={paths.ticketSend.getHref({ reservationToken })}
                  >
                    {t('screen_ticket_send_title')}
                  </Link>
                  <Link className="button button--secondary" to={paths.receipt.getHref({ reservationToken })}>
                    {t('screen_receipt_title')}
                  </Link>
                </>
              ) : null}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
