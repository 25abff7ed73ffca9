import { useTranslation } from 'react-i18next';
import type { ReceiptResponse } from '@kippu/contract/endpoints/receipt';
import { formatPrice } from '@kippu/contract/format/price';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { PrintLogo } from '../print/print-logo.tsx';

type Issued = ReceiptResponse & { issue: NonNullable<ReceiptResponse['issue']> };

/**
 * The issued receipt as a printable sheet, with the same contents as the PDF (ADR 023): a re-issue says
 * so beside the title.
 */
export function ReceiptPaper({ receipt }: { receipt: Issued }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const price = (amount: number) => format.price(amount, receipt.currency);
  const { issue } = receipt;

  return (
    <article className="receipt-paper" aria-labelledby="receipt-paper-title">
      <PrintLogo />
      <header className="receipt-paper__head">
        <h2 id="receipt-paper-title" className="receipt-paper__title">
          {t('receipt_title')}
        </h2>
        {issue.reissue_count > 0 ? (
          <span className="receipt-paper__reissued">{t('receipt_reissued')}</span>
        ) : null}
      </header>
      <dl className="receipt-paper__meta">
        <div>
          <dt>{t('receipt_receipt_number')}</dt>
          <dd>{issue.receipt_number}</dd>
        </div>
        <div>
          <dt>{t('receipt_issue_date')}</dt>
          <dd>{format.date(issue.issued_at)}</dd>
        </div>
      </dl>
      <p className="receipt-paper__addressee">
        {t('receipt_addressee_line', { addressee: issue.addressee })}
      </p>
      <p className="receipt-paper__total">
        <span>{t('receipt_total')}</span>
        {/* The amount box writes the currency's sign, as the PDF does (￥6,300; JP¥ in Chinese). */}
        <strong>{formatPrice(receipt.total, receipt.lang, receipt.currency, 'symbol')}</strong>
      </p>
      <p className="receipt-paper__received">{t('receipt_received')}</p>
      {receipt.taxes.map((tax) => (
        <p key={tax.rate_percent} className="receipt-paper__tax">
          {t('receipt_tax_line', { rate: tax.rate_percent, amount: price(tax.amount), tax: price(tax.tax) })}
        </p>
      ))}
      <p className="receipt-paper__note">{t('receipt_tax_note')}</p>
      <table className="receipt-paper__items">
        <thead>
          <tr>
            <th scope="col">{t('receipt_item')}</th>
            <th scope="col">{t('receipt_unit_price')}</th>
            <th scope="col">{t('receipt_quantity')}</th>
            <th scope="col">{t('receipt_amount')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.items.map((item, index) => (
            <tr key={index}>
              <th scope="row">{item.name}</th>
              <td>{price(item.unit_price)}</td>
              <td>{item.quantity}</td>
              <td>{price(item.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('receipt_subtotal')}
            </th>
            <td>{price(receipt.subtotal)}</td>
          </tr>
          {receipt.discount > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                {t('receipt_discount')}
              </th>
              <td>-{price(receipt.discount)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              {t('receipt_total')}
            </th>
            <td>{price(receipt.total)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="receipt-paper__booking">
        <div>
          <dt>{t('receipt_reservation_number')}</dt>
          <dd>{receipt.reservation_number}</dd>
        </div>
        <div>
          <dt>{t('receipt_visit')}</dt>
          <dd>
            {receipt.product_name} {format.date(receipt.starts_at)} {format.time(receipt.starts_at)}
          </dd>
        </div>
      </dl>
      <footer className="receipt-paper__issuer">
        <span className="receipt-paper__issuer-label">{t('receipt_issuer')}</span>
        <span className="receipt-paper__issuer-name">{receipt.issuer.name}</span>
        {receipt.issuer.registration_number ? (
          <span>
            {t('receipt_registration_number')}: {receipt.issuer.registration_number}
          </span>
        ) : null}
      </footer>
    </article>
  );
}
