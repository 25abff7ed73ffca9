import { useTranslation } from 'react-i18next';
import type { ReturnNoteResponse } from '@kippu/contract/endpoints/return-notes';
import { useFormatters } from '../../../shared/format/use-formatters.ts';

/**
 * A return note (返還インボイス) as a printable sheet, with the PDF's contents (ADR 076): what was given back,
 * per ticket and per tax rate, and the receipt it corrects (which itself stays as issued).
 */
export function ReturnNotePaper({ note }: { note: ReturnNoteResponse }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const price = (amount: number) => format.price(amount, note.currency);
  return (
    <article className="receipt-paper" aria-labelledby="return-note-title">
      <header className="receipt-paper__head">
        <h2 id="return-note-title" className="receipt-paper__title">
          {t('return_note_title')}
        </h2>
      </header>
      <dl className="receipt-paper__meta">
        <div>
          <dt>{t('return_note_number')}</dt>
          <dd data-testid="return-note-number">{note.note_number}</dd>
        </div>
        <div>
          <dt>{t('receipt_issue_date')}</dt>
          <dd>{format.date(note.issued_at)}</dd>
        </div>
        {note.receipt_number ? (
          <div>
            <dt>{t('return_note_receipt')}</dt>
            <dd>{note.receipt_number}</dd>
          </div>
        ) : null}
      </dl>
      <p className="receipt-paper__total">
        <span>{t('return_note_total')}</span>
        <strong>{price(note.amount)}</strong>
      </p>
      {note.taxes.map((tax) => (
        <p key={tax.rate_percent} className="receipt-paper__tax">
          {t('receipt_tax_line', { rate: tax.rate_percent, amount: price(tax.amount), tax: price(tax.tax) })}
        </p>
      ))}
      <table className="receipt-paper__items">
        <thead>
          <tr>
            <th scope="col">{t('return_note_ticket')}</th>
            <th scope="col">{t('receipt_amount')}</th>
          </tr>
        </thead>
        <tbody>
          {note.items.map((item) => (
            <tr key={`${item.name}-${item.sequence}`}>
              <th scope="row">
                {t('return_note_ticket_line', { name: item.name, sequence: item.sequence })}
              </th>
              <td>{price(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt-paper__booking">
        <div>
          <dt>{t('receipt_reservation_number')}</dt>
          <dd>{note.reservation_number}</dd>
        </div>
        <div>
          <dt>{t('receipt_visit')}</dt>
          <dd>
            {note.product_name} {format.date(note.starts_at)} {format.time(note.starts_at)}
          </dd>
        </div>
      </dl>
      <footer className="receipt-paper__issuer">
        <span className="receipt-paper__issuer-label">{t('receipt_issuer')}</span>
        <span className="receipt-paper__issuer-name">{note.issuer.name}</span>
        {note.issuer.registration_number ? (
          <span>
            {t('receipt_registration_number')}: {note.issuer.registration_number}
          </span>
        ) : null}
      </footer>
    </article>
  );
}
