import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import type { SpotStocksResponse } from '@kippu/contract/endpoints/spot';
import type { LangCode } from '@kippu/contract/enums';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useSpotStore, useSpotTokensStore } from '../../../shared/stores/spot-store.ts';
import { createSpotOrder, releaseSpotOrder } from '../api/spot-calls.ts';
import { SpotPanel } from '../spot-frame.tsx';

const isOpen = (slot: Slot) => (slot.status === 'available' || slot.status === 'few') && slot.remaining > 0;

function SlotStatus({ slot }: { slot: Slot }) {
  const { t } = useTranslation();
  if (slot.status === 'few') return <>{t('order_stock_few', { count: slot.remaining })}</>;
  if (slot.status === 'available') return <>{t('order_stock_available')}</>;
  return <>{t(slot.status === 'sold_out' ? 'order_stock_sold_out' : 'order_stock_not_on_sale')}</>;
}

/**
 * The spot order (`/spot`): today's slots of the poster's product, the ticket types with steppers and the
 * total. Continuing gives back this phone's earlier hold, holds the new one (POST /spot/orders) and goes
 * to payment.
 */
export function SpotOrderForm({
  data,
  qrToken,
  lang,
}: {
  data: SpotStocksResponse;
  qrToken: string;
  lang: LangCode;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  const { product } = data;
  const openSlots = data.slots.filter(isOpen);
  const [slotId, setSlotId] = useState<number | null>(openSlots.length === 1 ? openSlots[0]!.id : null);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);

  const chosen = data.slots.find((slot) => slot.id === slotId) ?? null;
  const ticketCount = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const total = product.option_values.reduce((sum, o) => sum + o.price * (counts[o.id] ?? 0), 0);
  const max = Math.min(product.max_quantity, chosen?.remaining ?? product.max_quantity);
  const problem = !chosen
    ? t('order_hint_choose_time')
    : ticketCount < product.min_quantity || ticketCount === 0
      ? t('order_hint_choose_tickets')
      : null;

  const change = (id: number, delta: number) =>
    setCounts((current) => ({ ...current, [id]: Math.max(0, (current[id] ?? 0) + delta) }));

  const submit = async () => {
    setTried(true);
    if (problem || !chosen || saving) return;
    setSaving(true);
    try {
      const previous = useSpotStore.getState().orderToken;
      if (previous) await releaseSpotOrder(previous).catch(() => undefined);
      const held = await createSpotOrder({
        lang,
        qr_token: qrToken,
        product_uuid: product.uuid,
        time_span_id: chosen.id,
        quantity: ticketCount,
        option_values: product.option_values
          .filter((o) => (counts[o.id] ?? 0) > 0)
          .map((o) => ({ option_value_id: o.id, quantity: counts[o.id]! })),
        set_products: [],
      });
      useSpotStore.getState().set({
        orderToken: held.order_token,
        savedSpotOrder: { timeSpanId: chosen.id, counts },
        spotGtmConversionData: {
          timeSpanId: chosen.id,
          options: product.option_values
            .filter((o) => (counts[o.id] ?? 0) > 0)
            .map((o) => ({
              name: o.name,
              price: o.price,
              count: counts[o.id]!,
              productTimespanID: chosen.id,
            })),
        },
      });
      useSpotTokensStore.getState().addOrderToken(held.order_token);
      navigate(paths.spotPayment.getHref());
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <SpotPanel>
        <p className="spot-product__date">{format.date(`${data.date}T12:00:00+09:00`)}</p>
        <h2 className="spot-product__name">{product.name}</h2>
        {product.description ? <p className="spot-product__description">{product.description}</p> : null}
      </SpotPanel>

      {data.slots.length === 0 || openSlots.length === 0 ? (
        <SpotPanel>
          <p className="spot-panel__text">{t('spot_no_slots_today')}</p>
        </SpotPanel>
      ) : (
        <>
          {product.product_type === 'time' ? (
            <SpotPanel title={t('order_section_time')} id="spot-time">
              <div role="radiogroup" aria-label={t('order_slots_label')} className="spot-slots">
                {data.slots.map((slot) => (
                  <label key={slot.id} className={`spot-slot${isOpen(slot) ? '' : ' spot-slot--closed'}`}>
                    <input
                      type="radio"
                      name="spot-slot"
                      className="spot-slot__radio"
                      checked={slotId === slot.id}
                      disabled={!isOpen(slot)}
                      onChange={() => setSlotId(slot.id)}
                    />
                    <span className="spot-slot__time">{format.timeRange(slot.start, slot.end)}</span>
                    <span className="spot-slot__status">
                      <SlotStatus slot={slot} />
                    </span>
                  </label>
                ))}
              </div>
            </SpotPanel>
          ) : null}

          <SpotPanel title={t('order_section_tickets')} id="spot-tickets">
            <ul className="spot-tickets">
              {product.option_values.map((option) => {
                const count = counts[option.id] ?? 0;
                return (
                  <li key={option.id} className="spot-ticket">
                    <span className="spot-ticket__name">
                      {option.name}
                      <span className="spot-ticket__price">{format.price(option.price, currency)}</span>
                    </span>
                    <span className="spot-stepper">
                      <button
                        type="button"
                        className="spot-stepper__button"
                        aria-label={t('order_remove_one', { name: option.name })}
                        disabled={count === 0}
                        onClick={() => change(option.id, -1)}
                      >
                        −
                      </button>
                      <output className="spot-stepper__count" aria-live="polite">
                        {count}
                      </output>
                      <button
                        type="button"
                        className="spot-stepper__button"
                        aria-label={t('order_add_one', { name: option.name })}
                        disabled={ticketCount >= max}
                        onClick={() => change(option.id, 1)}
                      >
                        +
                      </button>
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="spot-note">
              {t('order_tickets_range', { min: product.min_quantity, max: product.max_quantity })}
            </p>
          </SpotPanel>

          <div className="spot-bar">
            <p className="spot-bar__total">
              <span>{t('order_total')}</span>
              <strong>{format.price(total, currency)}</strong>
            </p>
            {tried && problem ? (
              <p className="spot-bar__problem" role="alert">
                {problem}
              </p>
            ) : null}
            <button
              type="button"
              className="button button--primary spot-bar__submit"
              disabled={saving}
              onClick={() => void submit()}
            >
              {saving ? t('order_saving') : t('spot_continue_to_payment')}
            </button>
          </div>
        </>
      )}
    </>
  );
}
