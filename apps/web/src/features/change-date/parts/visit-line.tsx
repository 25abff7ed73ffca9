import { visitWhen } from '@kippu/contract/format/visit-when';
import type { ProductType } from '@kippu/contract/enums';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';

/** A visit as one line: date, and the time range of a timed slot (Asia/Tokyo, spec §9). */
export function VisitWhen({
  visit,
}: {
  visit: { product_type: ProductType; starts_at: string; ends_at: string };
}) {
  const lang = useActiveLang();
  const when = visitWhen(visit.product_type, visit.starts_at, visit.ends_at, lang);
  return (
    <>
      <span className="change-date-visit__date">{when.date}</span>
      {when.time ? <span className="change-date-visit__time">{when.time}</span> : null}
    </>
  );
}

/** The price difference as the slot list and the confirm screen say it. */
export function differenceKey(difference: number): string {
  if (difference > 0) return 'change_date_difference_more';
  if (difference < 0) return 'change_date_difference_less';
  return 'change_date_difference_none';
}
