import { useTranslation } from 'react-i18next';
import type { TimeChangeResponse } from '@kippu/contract/endpoints/time-change';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { ChangeDatePanel } from './change-date-frame.tsx';
import { VisitWhen } from './visit-line.tsx';

/**
 * The change as the confirm and payment-confirm screens show it: the visit before and after, the prices,
 * and what is charged, or, when the new visit costs less, the site's policy (no refund) before confirming.
 */
export function ChangeSummary({ change }: { change: TimeChangeResponse }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  const price = (amount: number) => format.price(amount, currency);
  return (
    <>
      <ChangeDatePanel id="change-summary-visits" title={t('change_date_summary_title')}>
        <dl className="change-date-compare">
          <div className="change-date-compare__row">
            <dt>{t('change_date_from')}</dt>
            <dd className="change-date-visit">
              <span className="change-date-visit__product">{change.from.product_name}</span>
              <VisitWhen visit={change.from} />
            </dd>
          </div>
          <div className="change-date-compare__row change-date-compare__row--new">
            <dt>{t('change_date_to')}</dt>
            <dd className="change-date-visit">
              <span className="change-date-visit__product">{change.to.product_name}</span>
              <VisitWhen visit={change.to} />
            </dd>
          </div>
          <div className="change-date-compare__row">
            <dt>{t('change_date_tickets')}</dt>
            <dd>
              {t('change_date_ticket_count', { count: change.quantity })}
              {change.shared_quantity > 0 ? (
                <span className="change-date-compare__note">
                  {t('change_date_shared_note', { shared: change.shared_quantity })}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
      </ChangeDatePanel>
      <ChangeDatePanel id="change-summary-prices" title={t('change_date_prices_title')}>
        <dl className="change-date-prices">
          <div className="change-date-prices__row">
            <dt>{t('change_date_old_price')}</dt>
            <dd>{price(change.old_price)}</dd>
          </div>
          <div className="change-date-prices__row">
            <dt>{t('change_date_new_price')}</dt>
            <dd>{price(change.new_price)}</dd>
          </div>
          <div className="change-date-prices__row change-date-prices__row--total">
            <dt>{t('change_date_to_pay')}</dt>
            <dd>{price(change.top_up)}</dd>
          </div>
        </dl>
        {change.price_difference < 0 ? (
          <p className="change-date-note">
            {t('change_date_no_refund', { amount: price(-change.price_difference) })}
          </p>
        ) : null}
        <p className="change-date-text change-date-text--muted">{t('change_date_new_codes_note')}</p>
      </ChangeDatePanel>
    </>
  );
}
