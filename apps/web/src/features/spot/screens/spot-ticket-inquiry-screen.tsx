import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { BuyMoreLink } from '../buy-more-link.tsx';
import { SpotFrame, SpotPanel } from '../spot-frame.tsx';
import { SpotHolds } from '../spot-holds.tsx';
import { SpotTicketList } from '../spot-ticket-list.tsx';

/**
 * `/spot/ticket-inquiry`: this phone's spot holds in progress and the spot tickets bought on it, kept in
 * local storage (spec §3 "spot order token(s)"), lapsed holds and long-past tickets pruned.
 */
export default function SpotTicketInquiryScreen() {
  const { t } = useTranslation();
  return (
    <SpotFrame title={t('screen_spot_ticket_inquiry_title')}>
      <SpotHolds />
      <SpotPanel title={t('spot_my_tickets_title')} id="spot-my-tickets">
        <SpotTicketList />
      </SpotPanel>
      <SpotPanel>
        <p className="spot-panel__text">{t('spot_other_phone_text')}</p>
        <div className="spot-actions">
          <Link className="button button--secondary" to={paths.reservationInquiry.getHref()}>
            {t('complete_find_booking')}
          </Link>
          <BuyMoreLink />
        </div>
      </SpotPanel>
    </SpotFrame>
  );
}
