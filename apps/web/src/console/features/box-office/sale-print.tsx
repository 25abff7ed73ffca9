import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { BoxOfficeSale } from '@kippu/contract/console/box-office-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { ErrorNotice, Field } from '../../shared/ui/ui.tsx';
import { mailSale } from './box-office-queries.ts';
import { PRINT_FORMATS, PrintSheet, type PrintFormat } from './print-sheet.tsx';
import './box-office-print.css';

const FORMAT_KEY = 'kippu-console-print-format';
/** The counter's printer stays the same: its format is remembered on this browser. */
function storedFormat(): PrintFormat {
  return localStorage.getItem(FORMAT_KEY) === 'a4' ? 'a4' : 'receipt';
}

/**
 * After a sale: the change (large), the print view in the chosen format, print, send by mail, new sale. The
 * sheet is drawn twice: in the page as a preview, and as a direct child of <body> that only print media shows
 * (box-office-print.css hides everything else there, so the shell never reaches the paper).
 */
export function SalePrint({
  site,
  sale,
  email,
  onNewSale,
}: {
  site: string;
  sale: BoxOfficeSale;
  email: string;
  onNewSale: () => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const [format, setFormat] = useState(storedFormat);
  const [address, setAddress] = useState(email);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const mail = useMutation({ mutationFn: (to: string) => mailSale(site, sale.reservation_number, to) });
  const { receipt } = sale;
  return (
    <div className="c-bo-done">
      <h2 className="c-bo-done__title" ref={heading} tabIndex={-1}>
        {t('box_office_sold', { number: sale.reservation_number })}
      </h2>
      {receipt.change !== null ? (
        <p className="c-bo-change c-bo-change--done">
          <span className="c-bo-change__label">{t('box_office_change')}</span>
          <span className="c-bo-change__amount">{f.yen(receipt.change)}</span>
        </p>
      ) : null}
      {sale.mail_queued ? (
        <p className="c-notice c-notice--ok">{t('box_office_mail_queued', { email })}</p>
      ) : null}
      <div className="c-bo-print-actions">
        <fieldset className="c-bo-fieldset">
          <legend>{t('box_office_format')}</legend>
          <div className="c-checks">
            {PRINT_FORMATS.map((each) => (
              <label key={each}>
                <input
                  type="radio"
                  name="c-bo-format"
                  checked={format === each}
                  onChange={() => {
                    setFormat(each);
                    localStorage.setItem(FORMAT_KEY, each);
                  }}
                />
                {t(`box_office_format_${each}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="c-actions">
          <button className="c-button c-button--primary" type="button" onClick={() => window.print()}>
            {t('box_office_print')}
          </button>
          <button className="c-button" type="button" onClick={onNewSale}>
            {t('box_office_new_sale')}
          </button>
        </p>
        <form
          className="c-bo-mail"
          onSubmit={(event) => {
            event.preventDefault();
            if (address.trim()) mail.mutate(address.trim());
          }}
        >
          <Field
            label={t('box_office_email')}
            type="email"
            required
            maxLength={254}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
          <button className="c-button" type="submit" disabled={mail.isPending}>
            {t('box_office_send_by_mail')}
          </button>
        </form>
        <ErrorNotice error={mail.error} />
        {mail.data ? (
          <p className="c-notice c-notice--ok" role="status">
            {t('box_office_mail_queued', { email: mail.data.mail.to_address })}
          </p>
        ) : null}
      </div>
      <section className="c-bo-preview" aria-label={t('box_office_preview')}>
        <PrintSheet sale={sale} format={format} />
      </section>
      {createPortal(
        <div className="c-bo-print-root" aria-hidden="true">
          <PrintSheet sale={sale} format={format} />
        </div>,
        document.body,
      )}
    </div>
  );
}
