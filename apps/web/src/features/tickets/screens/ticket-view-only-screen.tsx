import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { viewOnlyTicketQuery } from '../shared/view-only-ticket-query.ts';
import { FALLBACK_DISPLAY } from '../ticket/ticket-parts.tsx';
import { TicketQueryState } from '../ticket/ticket-query-state.tsx';
import { TicketView } from '../ticket/ticket-view.tsx';
import '../share/share.css';
import '../ticket/ticket.css';

/**
 * A sent ticket link (`/tickets/view/:viewToken`, ADR 102): the tickets with their QR codes and the visit,
 * laid out as the site's ticket page, and nothing else: no date change, receipt, share, send or calendar
 * file. Those are the holder's, and the view token opens none of them on the server either.
 */
export default function TicketViewOnlyScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { viewToken = '' } = useParams();
  const settings = useCoreStore((state) => state.configuration?.settings);
  const ticket = useQuery(viewOnlyTicketQuery(viewToken, lang));

  return (
    <div className="ticket-page">
      <ScreenHero title={t('screen_ticket_title')}>
        <p className="share-hero-lead">{t('sent_intro')}</p>
      </ScreenHero>
      <div className="ticket-page__content">
        {!ticket.isSuccess ? (
          <TicketQueryState
            query={ticket}
            notFoundKey="shared_not_found"
            failedKey="ticket_load_failed"
            retryKey="ticket_retry"
            findBooking={false}
          />
        ) : (
          <TicketView
            ticket={ticket.data}
            display={settings?.ticketDisplay ?? FALLBACK_DISPLAY}
            brand={settings?.name[lang] ?? ''}
            reservationToken={viewToken}
          />
        )}
      </div>
    </div>
  );
}
