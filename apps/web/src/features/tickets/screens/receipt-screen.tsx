import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { issueReceipt, receiptPdfHref, receiptQuery } from '../receipt/receipt-api.ts';
import { ReceiptForm } from '../receipt/receipt-form.tsx';
import { ReceiptPaper } from '../receipt/receipt-paper.tsx';
import { TicketQueryState } from '../ticket/ticket-query-state.tsx';
import '../ticket/ticket.css';
import '../receipt/receipt.css';

/**
 * The receipt (spec §2 `/id/:reservationToken/receipt`, ADR 023): the visitor types the addressee and
 * issues it; the issued receipt shows as a printable sheet with a PDF download. Issuing again is allowed
 * and the new paper says it is a re-issue.
 */
export default function ReceiptScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { reservationToken = '' } = useParams();
  const queryClient = useQueryClient();
  const receipt = useQuery(receiptQuery(reservationToken, lang));
  const [submitting, setSubmitting] = useState(false);

  const issue = async (addressee: string) => {
    setSubmitting(true);
    try {
      queryClient.setQueryData(
        receiptQuery(reservationToken, lang).queryKey,
        await issueReceipt(reservationToken, lang, addressee),
      );
    } catch (error) {
      // Refusals are shown by the API client's dialog; the form stays as typed.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  };

  const issued = receipt.data?.issue ? { ...receipt.data, issue: receipt.data.issue } : null;

  return (
    <div className="ticket-page receipt-page">
      <ScreenHero title={t('screen_receipt_title')} />
      <div className="ticket-page__content receipt-page__content">
        {!receipt.isSuccess ? (
          <TicketQueryState
            query={receipt}
            notFoundKey="ticket_not_found"
            failedKey="receipt_load_failed"
            retryKey="receipt_retry"
            findBooking
          />
        ) : (
          <>
            <p className="receipt-intro">{t('receipt_intro')}</p>
            <ReceiptForm
              key={issued ? 'issued' : 'new'}
              issued={issued !== null}
              defaultAddressee={issued?.issue.addressee ?? ''}
              submitting={submitting}
              onSubmit={(addressee) => void issue(addressee)}
            />
            {issued ? (
              <>
                <ReceiptPaper receipt={issued} />
                <div className="ticket-actions">
                  <button type="button" className="button button--secondary" onClick={() => window.print()}>
                    {t('receipt_print')}
                  </button>
                  <a
                    className="button button--primary"
                    href={receiptPdfHref(reservationToken, lang)}
                    download
                  >
                    {t('receipt_download_pdf')}
                  </a>
                </div>
              </>
            ) : null}
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
