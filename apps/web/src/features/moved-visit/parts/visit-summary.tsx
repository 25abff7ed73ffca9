import { useTranslation } from 'react-i18next';
import type { MovedVisitResponse } from '@kippu/contract/endpoints/moved-visits';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { MovedVisitPanel } from './moved-visit-panel.tsx';
import { VisitTime } from './visit-time.tsx';

/** The visit as it stands: product and tickets, the time bought (struck through) and the new one, the deadline. */
export function VisitSummary({ visit }: { visit: MovedVisitResponse }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const moved = visit.previous.time_span_id !== visit.current.time_span_id;
  return (
    <MovedVisitPanel id="moved-visit-summary" title={visit.product_name}>
      <p className="moved-visit-text">{t('moved_visit_intro')}</p>
      <dl className="moved-visit-times">
        {moved ? (
          <div className="moved-visit-times__row moved-visit-times__row--previous">
            <dt>{t('moved_visit_previous')}</dt>
            <dd data-testid="moved-visit-previous">
              <del>
                <VisitTime type={visit.product_type} visit={visit.previous} />
              </del>
            </dd>
          </div>
        ) : null}
        <div className="moved-visit-times__row moved-visit-times__row--current">
          <dt>{t('moved_visit_current')}</dt>
          <dd data-testid="moved-visit-current">
            <VisitTime type={visit.product_type} visit={visit.current} />
          </dd>
        </div>
        <div className="moved-visit-times__row">
          <dt>{t('moved_visit_tickets')}</dt>
          <dd>{t('moved_visit_ticket_count', { count: visit.tickets })}</dd>
        </div>
      </dl>
      {visit.status === 'open' ? (
        <p className="moved-visit-deadline" data-testid="moved-visit-deadline">
          {t('moved_visit_deadline', {
            date: format.date(visit.deadline),
            time: format.time(visit.deadline),
          })}
        </p>
      ) : null}
    </MovedVisitPanel>
  );
}
