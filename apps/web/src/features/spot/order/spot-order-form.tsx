import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import type { SpotStocksResponse } from '@kippu/contract/endpoints/spot';
import type { LangCode } from '@kippu/contract/enums';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { pushConversion } from '../../../shared/analytics/analytics-events.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useSpotStore, useSpotTokensStore, type SavedSpotOrder } from '../../../shared/stores/spot-store.ts';
import { createSpotOrder, releaseSpotOrder, spotSetProductsQuery } from '../api/spot-calls.ts';
import { SpotPanel } from '../spot-frame.tsx';
import { SpotStepper } from './spot-stepper.tsx';
import { SpotAddOns } from './spot-add-ons.tsx';
import {
  initialSelection,
  isOpen,
  spotConversionData,
  spotOrderBody,
  ticketCountOf,
  totalOf,
} from './spot-selection.ts';

function SlotStatus({ slot }: { slot: Slot }) {
  const { t } = useTranslation();
  if (slot.status === 'few') return <>{t('order_stock_few', { count: slot.remaining })}</>;
  if (slot.status === 'available') return <>{t('order_stock_available')}</>;
  return <>{t(slot.status === 'sold_out' ? 'order_stock_sold_out' : 'order_stock_not_on_sale')}</>;
}

/** Gives back this phone's earlier spot holds (the current one and any other still listed), never failing. */
async function releaseEarlierHolds(): Promise<void> {
  const current = useSpotStore.getState().orderToken;
  const listed = useSpotTokensStore.getState().orderTokens.map((entry) => entry.token);
  const tokens = [...new Set([...(current ? [current] : []), ...listed])];
  await Promise.all(
    tokens.map(async (token) => {
      await releaseSpotOrder(token).catch(() => undefined);
      useSpotTokensStore.getState().removeOrderToken(token);
    }),
  );
}

/**
 * The spot order (`/spot`): today's slots of the product, the ticket types with steppers, the slot's add-ons
 * (set products, GET /spot/setproducts/search) and the total. The choice is kept as it is made (spot order
 * page data) so a reload restores it. Continuing gives back this phone's earlier holds, holds the new one
 * (POST /spot/orders), records and pushes the conversion data and goes on to the order fields.
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
  const [selection, setSelection] = useState<SavedSpotOrder>(() =>
    initialSelection(product, data.slots, useSpotStore.getState().savedSpotOrder),
  );
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const slotId = selection.timeSpanId;
  const addOnsQuery = useQuery({
    ...spotSetProductsQuery(qrToken, slotId ?? 0, lang),
    enabled: slotId !== null,
  });
  const addOns = addOnsQuery.data ?? [];

  // Kept as chosen (spec §3 "spot order page data"): a reload of this screen shows the same choice.
  useEffect(() => {
    useSpotStore.getState().set({ savedSpotOrder: selection });
  }, [selection]);

  const chosen = data.slots.find((slot) => slot.id === slotId) ?? null;
  const ticketCount = ticketCountOf(selection);
  const total = totalOf(product, addOns, selection);
  const max = Math.min(product.max_quantity, chosen?.remaining ?? product.max_quantity);
  const problem = !chosen
    ? t('order_hint_choose_time')
    : ticketCount < product.min_quantity || ticketCount === 0
      ? t('order_hint_choose_tickets')
      : null;

  const change = (id: number, delta: number) =>
    setSelection((current) => ({
      ...current,
      counts: { ...current.counts, [id]: Math.max(0, (current.counts[id] ?? 0) + delta) },
    }));
  const changeAddOn = (uuid: string, delta: number) =>
    setSelection((current) => ({
      ...current,
      setCounts: { ...current.setCounts, [uuid]: Math.max(0, (current.setCounts[uuid] ?? 0) + delta) },
    }));
  // Another slot has its own add-ons: the ones chosen for the last slot do not carry over.
  const chooseSlot = (id: number) =>
    setSelection((current) => ({
      ...current,
      timeSpanId: id,
      setCounts: id === current.timeSpanId ? current.setCounts : {},
    }));

  const submit = async () => {
    setTried(true);
    if (problem || !chosen || saving) return;
    setSaving(true);
    try {
      await releaseEarlierHolds();
      const held = await createSpotOrder(spotOrderBody(product, chosen.id, addOns, selection, qrToken, lang));
      const conversion = spotConversionData(product, chosen.id, selection);
      useSpotStore.getState().set({ orderToken: held.order_token, spotGtmConversionData: conversion });
      useSpotTokensStore.getState().addOrderToken(held.order_token, held.expires_at);
      // Spot holds report `conversion` like web ones (spec §7; issue 32 item 17).
      pushConversion(conversion, currency);
      navigate(paths.spotOrderFields.getHref({ reservationToken: held.order_token }));
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
                      onChange={() => chooseSlot(slot.id)}
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
                const count = selection.counts[option.id] ?? 0;
                return (
                  <li key={option.id} className="spot-ticket">
                    <span className="spot-ticket__name">
                      {option.name}
                      <span className="spot-ticket__price">{format.price(option.price, currency)}</span>
                    </span>
                    <SpotStepper
                      name={option.name}
                      count={count}
                      canAdd={ticketCount < max}
                      onStep={(delta) => change(option.id, delta)}
                    />
                  </li>
                );
              })}
            </ul>
            <p className="spot-note">
              {t('order_tickets_range', { min: product.min_quantity, max: product.max_quantity })}
            </p>
          </SpotPanel>

          {chosen && addOns.length > 0 ? (
            <SpotAddOns
              addOns={addOns}
              counts={selection.setCounts}
              max={ticketCount}
              onChange={changeAddOn}
            />
          ) : null}

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
