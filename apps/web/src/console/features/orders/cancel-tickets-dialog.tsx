import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';

/** Cancelling tickets with or without money back (the refunds area's routes; bound when they land). */
export function CancelTicketsDialog({
  onClose,
}: {
  site: string;
  order: ConsoleOrder;
  tickets: number[] | 'all';
  canRefund: boolean;
  canCancelWithout: boolean;
  onClose: () => void;
}) {
  const { t } = useConsoleI18n();
  return (
    <Dialog title={t('orders_cancel_title')} onClose={onClose}>
      <button className="c-button" type="button" onClick={onClose}>
        {t('cancel')}
      </button>
    </Dialog>
  );
}
