import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SpotProductsResponse } from '@kippu/contract/endpoints/spot';
import { paths } from '../../../shared/routing/paths.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { SpotPanel } from '../spot-frame.tsx';

type Entry = SpotProductsResponse['products'][number];

/** The lowest ticket price of a product ("from ¥…"), or null for a product with no ticket types. */
const lowestPrice = ({ product }: Entry) =>
  product.option_values.length > 0 ? Math.min(...product.option_values.map((o) => o.price)) : null;

function ProductRow({ entry, qrToken, isPoster }: { entry: Entry; qrToken: string; isPoster: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  const { product } = entry;
  const from = lowestPrice(entry);
  const soldOut = entry.open_slots === 0;
  return (
    <li className="spot-product-row">
      <span className="spot-product-row__name">
        {product.name}
        {isPoster ? <span className="spot-product-row__badge">{t('spot_products_this_poster')}</span> : null}
      </span>
      {product.description ? (
        <span className="spot-product-row__description">{product.description}</span>
      ) : null}
      <span className="spot-product-row__meta">
        {from !== null ? t('spot_products_from', { price: format.price(from, currency) }) : null}
        {from !== null ? ' · ' : null}
        {soldOut ? t('spot_no_slots_today') : t('spot_products_open_slots', { count: entry.open_slots })}
      </span>
      {soldOut ? null : (
        <Link
          className="button button--primary spot-product-row__open"
          to={paths.spot.getHref(undefined, { qr_token: qrToken, product: product.uuid })}
        >
          {t('spot_products_choose')}
          <span className="visually-hidden">: {product.name}</span>
        </Link>
      )}
    </li>
  );
}

/** The venue's spot products today, the poster's first (ADR 109). */
export function SpotProductList({ data, qrToken }: { data: SpotProductsResponse; qrToken: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const entries = [...data.products].sort(
    (a, b) =>
      Number(b.product.uuid === data.poster_product_uuid) -
      Number(a.product.uuid === data.poster_product_uuid),
  );
  return (
    <SpotPanel
      title={t('spot_products_title', { date: format.date(`${data.date}T12:00:00+09:00`) })}
      id="spot-products"
    >
      {entries.length === 0 ? (
        <p className="spot-panel__text">{t('spot_no_slots_today')}</p>
      ) : (
        <ul className="spot-product-list" aria-label={t('spot_products_list_label')}>
          {entries.map((entry) => (
            <ProductRow
              key={entry.product.uuid}
              entry={entry}
              qrToken={qrToken}
              isPoster={entry.product.uuid === data.poster_product_uuid}
            />
          ))}
        </ul>
      )}
    </SpotPanel>
  );
}
