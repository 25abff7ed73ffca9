import type { UseQueryResult } from '@tanstack/react-query';
import type { TicketResponse } from '@kippu/contract/endpoints/ticket';
import { useTranslation } from 'react-i18next';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { FALLBACK_DISPLAY } from './ticket-parts.tsx';
import { TicketQueryState } from './ticket-query-state.tsx';
import { PrintLogo } from '../print/print-logo.tsx';
import { TicketView } from './ticket-view.tsx';
import '../share/share.css';
import './ticket.css';

/**
 * A page of tickets without the holder's actions: the companion's shared page (ADR 021) and a sent link's
 * view (ADR 102) differ only in their title, their lead and the call that reads the tickets.
 */
export function TicketsOnlyPage({
  titleKey,
  introKey,
  token,
  ticket,
}: {
  titleKey: string;
  introKey: string;
  token: string;
  ticket: UseQueryResult<TicketResponse>;
}) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const settings = useCoreStore((state) => state.configuration?.settings);
  return (
    <div className="ticket-page">
      <ScreenHero title={t(titleKey)}>
        <p className="share-hero-lead">{t(introKey)}</p>
      </ScreenHero>
      <div className="ticket-page__content">
        <PrintLogo printOnly />
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
            reservationToken={token}
          />
        )}
      </div>
    </div>
  );
}
