import type { BoxOfficeSale } from '@kippu/contract/console/box-office-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

type Receipt = BoxOfficeSale['receipt'];

/** The site's print logo, or its name in large type when it has none. */
export function PrintLogo({ receipt }: { receipt: Receipt }) {
  return receipt.print_logo_url ? (
    <img className="c-bo-logo" src={receipt.print_logo_url} alt={receipt.site_name} />
  ) : (
    <p className="c-bo-logo c-bo-logo--text">{receipt.site_name}</p>
  );
}

/**
 * The receipt as the server decided it (a qualified invoice: issuer and registration number, lines, tax
 * per rate, total; cash received and change, or the card terminal's approval number).
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  return (
    <section className="c-bo-receipt" aria-label={t('box_office_receipt')}>
      <PrintLogo receipt={receipt} />
      <h2 className="c-bo-receipt__title">{t('box_office_receipt')}</h2>
      <dl className="c-bo-pairs">
        <dt>{t('box_office_receipt_number')}</dt>
        <dd>{receipt.receipt_number}</dd>
        <dt>{t('box_office_issued')}</dt>
        <dd>{f.dateTime(receipt.issued_at)}</dd>
        <dt>{t('box_office_issuer')}</dt>
        <dd>
          {receipt.issuer.name}
          {receipt.issuer.registration_number ? <> ({receipt.issuer.registration_number})</> : null}
        </dd>
        <dt>{t('box_office_visit')}</dt>
        <dd>
          {receipt.product_name}
          <br />
          {`${f.dateTime(receipt.starts_at)}–${f.time(receipt.ends_at)}`}
        </dd>
      </dl>
      <table className="c-bo-receipt__lines">
        <caption className="c-bo-hidden">{t('box_office_receipt_lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('box_office_item')}</th>
            <th scope="col" className="c-num">
              {t('box_office_amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={index}>
              <td>{`${line.name} ${f.yen(line.unit_price)} × ${f.count(line.quantity)}`}</td>
              <td className="c-num">{f.yen(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="c-bo-receipt__total">
            <th scope="row">{t('box_office_receipt_total')}</th>
            <td className="c-num">{f.yen(receipt.total)}</td>
          </tr>
          {receipt.taxes.map((tax) => (
            <tr key={tax.rate_percent}>
              <th scope="row">
                {t('box_office_tax_line', { rate: tax.rate_percent, amount: f.yen(tax.amount) })}
              </th>
              <td className="c-num">{f.yen(tax.tax)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <dl className="c-bo-pairs">
        <dt>{t('box_office_paid_by')}</dt>
        <dd>{t(`box_office_method_${receipt.payment_method}`)}</dd>
        {receipt.received !== null ? (
          <>
            <dt>{t('box_office_received')}</dt>
            <dd>{f.yen(receipt.received)}</dd>
          </>
        ) : null}
        {receipt.change !== null ? (
          <>
            <dt>{t('box_office_change')}</dt>
            <dd>{f.yen(receipt.change)}</dd>
          </>
        ) : null}
        {receipt.approval_number ? (
          <>
            <dt>{t('box_office_approval')}</dt>
            <dd>{receipt.approval_number}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
