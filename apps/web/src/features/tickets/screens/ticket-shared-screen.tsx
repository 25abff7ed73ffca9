import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { sharedTicketQuery } from '../shared/shared-ticket-query.ts';
import { FALLBACK_DISPLAY } from '../ticket/ticket-parts.tsx';
import { TicketQueryState } from '../ticket/ticket-query-state.tsx';
import { TicketView } from '../ticket/ticket-view.tsx';
import '../share/share.css';
import '../ticket/ticket.css';

/**
 * Shared (spec §2 `/tickets/shared/:reservationToken`, ADR 021): the companion's page. Only the tickets
 * shared with them, each with its own QR code, laid out as the site's ticket page; no purchase details.
 */
export default function TicketSharedScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { reservationToken = '' } = useParams();
  const settings = useCoreStore((state) => state.configuration?.settings);
  const ticket = useQuery(sharedTicketQuery(reservationToken, lang));

  return (
    <div className="ticket-page">
      <ScreenHero title={t('screen_ticket_shared_title')}>
        <p className="share-hero-lead">{t('shared_intro')}</p>
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
            reservationToken={reservationToken}
          />
        )}
      </div>
    </div>
  );
}
