import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TicketShareBody, TicketShareResponse } from '@kippu/contract/endpoints/ticket-share';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { shareOptionsQuery, splitTickets } from '../share/share-api.ts';
import { ShareForm } from '../share/share-form.tsx';
import { ShareLink } from '../share/share-link.tsx';
import { sharedLinkUrl } from '../share/shared-link-url.ts';
import '../share/share.css';
import '../ticket/ticket.css';

/**
 * Share (spec §2 `/tickets/share/:reservationToken`, ADR 021): the holder chooses how many of which ticket
 * type to hand to a companion; the answer is a link (copy button) and its QR code. The split tickets leave
 * the holder's ticket page. Links made before are listed to hand over again. The link just made is kept in
 * the ticket state's `shareToken` (spec §3, session storage): after a reload the screen shows it again as the
 * one created (while it is still one of this reservation's shares), not buried among the earlier ones.
 */
export default function TicketShareScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { reservationToken = '' } = useParams();
  const queryClient = useQueryClient();
  const options = useQuery(shareOptionsQuery(reservationToken, lang));
  const [created, setCreated] = useState<TicketShareResponse | null>(null);
  const storedToken = useTicketStore((state) => state.shareToken);
  const [submitting, setSubmitting] = useState(false);
  const notFound = options.error instanceof ApiError && options.error.status === 404;

  const share = async (body: TicketShareBody) => {
    setSubmitting(true);
    try {
      const made = await splitTickets(reservationToken, body);
      setCreated(made);
      useTicketStore.getState().set({ shareToken: made.share_token });
      // The holder's ticket page and the choices both changed.
      await queryClient.invalidateQueries({ queryKey: ['tickets'] });
    } catch (error) {
      // The server's refusal (e.g. a split made meanwhile in another tab) shows its own dialog.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  };

  // Made before a reload: the stored token, if it names one of this reservation's shares.
  const restored = created ? undefined : options.data?.shares.find((entry) => entry.share_token === storedToken);
  const shown = created ?? restored ?? null;
  const earlier = options.data?.shares.filter((entry) => entry.share_token !== shown?.share_token) ?? [];

  return (
    <div className="share-page">
      <ScreenHero title={t('screen_ticket_share_title')} />
      <div className="share-page__content">
        {shown ? (
          <>
            <p className="ticket-notice" role="status">
              {t('share_created')}
            </p>
            <ShareLink
              id="share-created"
              url={sharedLinkUrl(shown.share_token, lang)}
              ticketCount={shown.ticket_count}
            />
          </>
        ) : null}
        {options.isPending ? (
          <div className="ticket-skeleton" aria-busy="true">
            <span className="visually-hidden">{t('common_loading')}</span>
          </div>
        ) : options.isError ? (
          <p className="share-message" role={notFound ? undefined : 'alert'}>
            {t(notFound ? 'share_not_found' : 'share_load_failed')}
          </p>
        ) : (
          <>
            {shown ? null : <p className="share-intro">{t('share_intro')}</p>}
            <ShareForm
              key={created?.share_token ?? 'new'}
              options={options.data}
              submitting={submitting}
              onSubmit={(body) => void share(body)}
            />
            {earlier.length > 0 ? (
              <section aria-labelledby="share-earlier-title" className="share-earlier">
                <h2 id="share-earlier-title" className="share-earlier__title">
                  {t('share_earlier')}
                </h2>
                {earlier.map((entry, index) => (
                  <ShareLink
                    key={entry.share_token}
                    id={`share-earlier-${index}`}
                    url={sharedLinkUrl(entry.share_token, lang)}
                    ticketCount={entry.ticket_count}
                  />
                ))}
              </section>
            ) : null}
          </>
        )}
        <Link className="button button--secondary share-back" to={paths.ticket.getHref({ reservationToken })}>
          {t('share_back')}
        </Link>
      </div>
    </div>
  );
}
