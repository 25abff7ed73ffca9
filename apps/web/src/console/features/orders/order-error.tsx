import type { ErrorCode } from '@kippu/contract/errors';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { ErrorNotice } from '../../shared/ui/ui.tsx';

/**
 * Visitor-side codes the order desk's writes pass on (the same rules as the visitor's own edit and change of
 * date), with this feature's sentence for each; console codes and the rest go to the shell's ErrorNotice.
 */
const OWN: readonly ErrorCode[] = [
  'invalid_email',
  'out_of_stock',
  'time_change_out_of_stock',
  'not_on_sale',
  'cannot_change_ticket',
  'waiting_time_change_exists',
  'time_change_coupon_expired',
  'time_change_out_of_coverage_dates',
];

export function OrderError({ error }: { error: unknown }) {
  const { t } = useConsoleI18n();
  const code = OWN.find((each) => isApiError(error, each));
  if (!code) return <ErrorNotice error={error} />;
  return (
    <p className="c-notice c-notice--error" role="alert">
      {t(`orders_error_${code}`)}
    </p>
  );
}
