import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { returnNotePdfHref, returnNoteQuery } from '../receipt/return-note-api.ts';
import { ReturnNotePaper } from '../receipt/return-note-paper.tsx';
import { TicketQueryState } from '../ticket/ticket-query-state.tsx';
import '../ticket/ticket.css';
import '../receipt/receipt.css';

/**
 * A refund's return note (`/id/:reservationToken/return-notes/:number`, issue 29, ADR 076): printable, with
 * a PDF download, and the way back to the tickets and to the receipt, which stays as it was issued.
 */
export default function ReturnNoteScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { reservationToken = '', number = '' } = useParams();
  const note = useQuery(returnNoteQuery(reservationToken, number, lang));
  return (
    <div className="ticket-page receipt-page">
      <ScreenHero title={t('screen_return_note_title')} />
      <div className="ticket-page__content receipt-page__content">
        {!note.isSuccess ? (
          <TicketQueryState
            query={note}
            notFoundKey="return_note_not_found"
            failedKey="return_note_load_failed"
            retryKey="receipt_retry"
            findBooking={false}
          />
        ) : (
          <>
            <ReturnNotePaper note={note.data} />
            <div className="ticket-actions">
              <button type="button" className="button button--secondary" onClick={() => window.print()}>
                {t('receipt_print')}
              </button>
              <a
                className="button button--primary"
                href={returnNotePdfHref(reservationToken, number, lang)}
                download
              >
                {t('receipt_download_pdf')}
              </a>
              <Link className="button button--secondary" to={paths.receipt.getHref({ reservationToken })}>
                {t('screen_receipt_title')}
              </Link>
            </div>
          </>
        )}
        <Link
          className="button button--secondary receipt-back"
          to={paths.ticket.getHref({ reservationToken })}
        >
          {t('share_back')}
        </Link>
      </div>
    </div>
  );
}
