import { visitWhen } from '@kippu/contract/format/visit-when';
import type { ProductType } from '@kippu/contract/enums';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';

/** A visit's time as date and (for a timed product) time range, Asia/Tokyo (spec §9). */
export function VisitTime({
  type,
  visit,
}: {
  type: ProductType;
  visit: { starts_at: string; ends_at: string };
}) {
  const lang = useActiveLang();
  const when = visitWhen(type, visit.starts_at, visit.ends_at, lang);
  return (
    <>
      <span className="moved-visit-time__date">{when.date}</span>
      {when.time ? <span className="moved-visit-time__time">{when.time}</span> : null}
    </>
  );
}
