import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useSpotStore, useSpotTokensStore } from '../../../shared/stores/spot-store.ts';
import { BuyMoreLink } from '../buy-more-link.tsx';
import { SpotFrame, SpotPanel } from '../spot-frame.tsx';

/**
 * After a spot purchase (`/spot/email-sended/:reservationToken`): the ticket link is on its way by mail,
 * the ticket opens here at once, and the visitor may buy more from the same poster.
 */
export default function SpotEmailSendedScreen() {
  const { t } = useTranslation();
  const { reservationToken = '' } = useParams();
  // The purchase is done: the spot order in progress ends here (its QR token stays for "buy more").
  useEffect(() => {
    useSpotStore.getState().set({
      orderToken: null,
      savedSpotOrder: null,
      spotGtmConversionData: null,
    });
  }, []);
  const ticket = useSpotTokensStore((state) =>
    state.tickets.find((each) => each.reservationToken === reservationToken),
  );
  return (
    <SpotFrame title={t('screen_spot_email_sended_title')}>
      <SpotPanel>
        <p className="spot-panel__lead">{t('complete_thanks_title')}</p>
        {ticket ? (
          <p className="spot-panel__text">
            {t('complete_reservation_number')}:{' '}
            <strong className="spot-number">{ticket.reservationNumber}</strong>
          </p>
        ) : null}
        <p className="spot-panel__text">{t('spot_mail_sent_text')}</p>
        <div className="spot-actions">
          <Link className="button button--primary" to={paths.ticket.getHref({ reservationToken })}>
            {t('complete_go_to_ticket')}
          </Link>
          <Link className="button button--secondary" to={paths.spotTicketInquiry.getHref()}>
            {t('spot_my_tickets_link')}
          </Link>
          <BuyMoreLink />
        </div>
      </SpotPanel>
    </SpotFrame>
  );
}
