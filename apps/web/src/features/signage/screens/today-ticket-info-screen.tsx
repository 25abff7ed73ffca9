import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router';
import type { SignageSlot } from '@kippu/contract/endpoints/signage';
import { htmlLang } from '@kippu/contract/html-lang';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { PAGE_SECONDS_PARAM, pageMilliseconds } from '../today-ticket-info/page-time.ts';
import { useLanguageCycle, type Translate } from '../today-ticket-info/use-language-cycle.ts';
import { ROW_HEIGHT_VARIABLE, useSignagePages } from '../today-ticket-info/use-signage-pages.ts';
import { useSignagePoll } from '../today-ticket-info/use-signage-poll.ts';
import '../today-ticket-info/today-ticket-info.css';

/** `2026-11-23T10:00:00+09:00` → `10:00`: the data is already in Tokyo wall-clock time. */
const clock = (tokyo: string) => tokyo.slice(11, 16);

function statusText(slot: SignageSlot, t: Translate): string {
  if (slot.status === 'closed') return t('signage_closed');
  if (slot.status === 'sold_out') return t('signage_sold_out');
  return t('signage_left', { count: slot.remaining });
}

function useTokyoClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 10_000);
    return () => clearInterval(timer);
  }, []);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
  }).format(now);
}

/**
 * The entrance screen (`/signage/today-ticket-info`, issue 11, ADR 032): full screen, no header or
 * footer (the root layout leaves them out here), today's slots per product with what is left in large
 * type for reading from 3 m, in the site's colours, cycling through the site's languages. Figures come
 * from a 2 s ETag poll that reconnects by itself after a server restart or a network drop. More slots than
 * the screen holds are shown a page at a time, every page in every language, each page for the URL's
 * `page_seconds` (8 s by default; page-time.ts, ADR 056).
 */
export default function TodayTicketInfoScreen() {
  const fallback = useActiveLang();
  const { data, offline } = useSignagePoll();
  const [query] = useSearchParams();
  const pageMs = pageMilliseconds(query.get(PAGE_SECONDS_PARAM));
  const [productArea, setProductArea] = useState<HTMLDivElement | null>(null);
  const products = useMemo(() => data?.products ?? [], [data]);
  const slotCounts = useMemo(() => products.map((product) => product.slots.length), [products]);
  const { parts, page, pageCount, round, rowHeight } = useSignagePages(productArea, slotCounts, pageMs);
  const { lang, t, ready } = useLanguageCycle(fallback, round);
  const siteName = useCoreStore((state) => state.configuration?.settings.name[lang]);
  const time = useTokyoClock();

  // Nothing but the site's colour until the texts are there: no text keys on the wall.
  if (!ready) return <div className="signage" lang={htmlLang(lang)} />;

  return (
    <div className="signage" lang={htmlLang(lang)}>
      <header className="signage__header">
        <div>
          <p className="signage__site">{siteName}</p>
          <h1 className="signage__title">{t('signage_title')}</h1>
        </div>
        <p className="signage__clock">
          <time dateTime={data?.date}>{data ? data.date.replaceAll('-', '/') : ''}</time>{' '}
          <span className="signage__time">{time}</span>
        </p>
      </header>
      {offline ? (
        <p className="signage__offline" role="status">
          {t('signage_reconnecting')}
        </p>
      ) : null}
      {data && data.products.length === 0 ? (
        <p className="signage__empty">{t('signage_none_today')}</p>
      ) : null}
      <div
        className="signage__products"
        ref={setProductArea}
        style={
          rowHeight === null ? undefined : ({ [ROW_HEIGHT_VARIABLE]: `${rowHeight}px` } as CSSProperties)
        }
      >
        {parts.map(({ product: index, from, to }) => {
          const product = products[index]!;
          return (
            <section
              key={`${product.uuid}-${from}`}
              className="signage__product"
              aria-labelledby={`signage-${product.uuid}-${from}`}
            >
              <h2 id={`signage-${product.uuid}-${from}`} className="signage__product-name">
                {product.names[lang]}
              </h2>
              <ul className="signage__slots">
                {product.slots.slice(from, to).map((slot) => (
                  <li
                    key={slot.id}
                    className={`signage__slot signage__slot--${slot.status}`}
                    data-span-id={slot.id}
                    data-remaining={slot.remaining}
                  >
                    {product.product_type === 'time' ? (
                      <span className="signage__slot-time">
                        {clock(slot.start)}–{clock(slot.end)}
                      </span>
                    ) : null}
                    <span className="signage__slot-status">{statusText(slot, t)}</span>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {pageCount > 1 ? (
        <p className="signage__page">{t('signage_page', { current: page + 1, total: pageCount })}</p>
      ) : null}
    </div>
  );
}
