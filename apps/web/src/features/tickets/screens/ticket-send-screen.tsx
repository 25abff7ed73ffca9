import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TicketSendBody } from '@kippu/contract/endpoints/ticket-share';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { sendTicketLink } from '../send/send-api.ts';
import { SendForm } from '../send/send-form.tsx';
import '../share/share.css';
import '../ticket/ticket.css';

/**
 * Send (spec §2 `/tickets/send/:reservationToken`, ADR 021): mails the link of these tickets to another
 * address in a chosen language. The server limits how often; its refusals show their dialogs.
 */
export default function TicketSendScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { reservationToken = '' } = useParams();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async (body: TicketSendBody) => {
    setSubmitting(true);
    try {
      setSentTo((await sendTicketLink(reservationToken, body)).email);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="share-page">
      <ScreenHero title={t('screen_ticket_send_title')} />
      <div className="share-page__content">
        <p className="share-intro">{t('send_intro')}</p>
        <div role="status">
          {sentTo ? <p className="ticket-notice">{t('send_done', { email: sentTo })}</p> : null}
        </div>
        <SendForm defaultLang={lang} submitting={submitting} onSubmit={(body) => void send(body)} />
        <Link className="button button--secondary share-back" to={paths.ticket.getHref({ reservationToken })}>
          {t('share_back')}
        </Link>
      </div>
    </div>
  );
}
