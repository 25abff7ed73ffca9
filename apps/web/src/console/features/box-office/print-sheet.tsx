import type { BoxOfficeSale } from '@kippu/contract/console/box-office-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { PrintLogo, ReceiptView } from './receipt.tsx';
import { TicketQr } from './ticket-qr.tsx';

/** The two paper formats: an 80 mm receipt roll, or A4 sheets (box-office-print.css names a page for each). */
export const PRINT_FORMATS = ['receipt', 'a4'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

/**
 * What is printed: each ticket (logo, visit, ticket type, its QR code for the gate, the reservation number)
 * and the receipt. On an 80 mm roll each ticket is a piece to tear off; on A4 they sit in a grid.
 */
export function PrintSheet({ sale, format }: { sale: BoxOfficeSale; format: PrintFormat }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const { receipt } = sale;
  return (
    <div className={`c-bo-sheet c-bo-sheet--${format}`}>
      <ul className="c-bo-tickets">
        {sale.tickets.map((ticket) => (
          <li key={ticket.id} className="c-bo-ticket">
            <PrintLogo receipt={receipt} />
            <p className="c-bo-ticket__product">{receipt.product_name}</p>
            <p className="c-bo-ticket__time">{`${f.dateTime(receipt.starts_at)}–${f.time(receipt.ends_at)}`}</p>
            <p className="c-bo-ticket__type">
              {t('box_office_ticket_line', { name: ticket.option_name, sequence: ticket.sequence })}
            </p>
            <TicketQr
              payload={ticket.qr}
              alt={t('box_office_ticket_qr', { name: ticket.option_name, sequence: ticket.sequence })}
            />
            <p className="c-bo-ticket__number">
              {t('box_office_reservation', { number: sale.reservation_number })}
            </p>
          </li>
        ))}
      </ul>
      <ReceiptView receipt={receipt} />
    </div>
  );
}
