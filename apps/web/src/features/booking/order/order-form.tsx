import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import type { Product } from '@kippu/contract/endpoints/products';
import type { OrderProcedure } from '@kippu/contract/enums';
import { monthOf, monthRange, shiftMonth } from '@kippu/contract/format/calendar';
import { formatDate } from '@kippu/contract/format/date';
import { formatPrice } from '@kippu/contract/format/price';
import { productsQuery } from '../../../shared/api/endpoints/products.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useTokyoToday } from '../../../shared/hooks/use-tokyo-today.ts';
import { useCoreStore, type AccordionOpenFlags } from '../../../shared/stores/core-store.ts';
import { ProductLineup } from '../lineup/product-lineup.tsx';
import { calendarColorsQuery, stockStatusesQuery } from './api/calendar-queries.ts';
import { productsOnDateQuery, setProductsQuery, slotsQuery } from './api/slot-queries.ts';
import { MonthCalendar } from './month-calendar.tsx';
import { OrderBar } from './order-bar.tsx';
import { OrderSection } from './order-section.tsx';
import { SlotList, slotWhen } from './slot-list.tsx';
import {
  clampTickets,
  EMPTY_SELECTION,
  orderTotal,
  savedSelection,
  ticketBounds,
  ticketCount,
  type OrderSelection,
} from './order-selection.ts';
import { isOpen, stockStatusText } from './stock-status.ts';
import { useSaveOrder } from './use-save-order.ts';
import './order-form.css';

// The tickets step is its own chunk, fetched when the form mounts: the first paint needs only the
// product list or the calendar (order-route budget, architecture §7).
const loadTicketStep = () => import('./ticket-step.tsx');
const TicketStep = lazy(() => loadTicketStep().then((module) => ({ default: module.TicketStep })));
const stepFallback = <div className="order-skeleton" aria-busy="true" />;

/** A month as one number, for comparing. */
const monthNumber = ({ year, month }: { year: number; month: number }) => year * 12 + month;

/** How far ahead the calendar pages: this month and the next eleven. */
const MONTHS_AHEAD = 11;

/** The only slot of a day when it is on sale (a day ticket or a pass): chosen without asking. */
function singleOpenSlot(slots: Slot[] | undefined): Slot | null {
  return slots?.length === 1 && isOpen(slots[0]!.status) ? slots[0]! : null;
}

/** Where the form starts: the procedure's first step open, the others closed. */
function startFlags(dateFirst: boolean): AccordionOpenFlags {
  return { productList: !dateFirst, calendarList: dateFirst, timeSpans: false, optionValues: false };
}

/**
 * The order form (spec §9 "Order procedure"): product, date, time and tickets as numbered accordion
 * steps in the site's order (product before date, or date before product), then add-ons and the
 * running total. Returning with ?ref=c starts from the saved selection and keeps the open steps.
 */
export function OrderForm({ procedure, isReturn }: { procedure: OrderProcedure; isReturn: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const dateFirst = procedure === 'selectDateBeforeProduct';
  const settings = useCoreStore((state) => state.configuration?.settings);
  const currency = settings?.currency;
  const price = useCallback((amount: number) => formatPrice(amount, lang, currency), [lang, currency]);

  const today = useTokyoToday();
  const [selection, setSelection] = useState<OrderSelection>(
    () => (isReturn ? savedSelection(useCoreStore.getState().savedOrder) : null) ?? EMPTY_SELECTION,
  );
  const [chosenMonth, setMonth] = useState(() => monthOf(selection.date ?? today));
  // Past midnight on the last of a month, the month shown moves on with today.
  const month = monthNumber(chosenMonth) < monthNumber(monthOf(today)) ? monthOf(today) : chosenMonth;
  const queryClient = useQueryClient();
  const openedOn = useRef(today);
  useEffect(() => {
    if (today === openedOn.current) return;
    openedOn.current = today;
    // A new day: what is on sale has moved (a running pass is now listed today, yesterday sells nothing).
    void queryClient.invalidateQueries({ queryKey: ['products'] });
  }, [today, queryClient]);
  // The open steps are the form's own state, kept in the store for a return (?ref=c) and read from it only
  // as the form mounts: a fresh visit starts at the first step without a second render, and writing the
  // store re-renders nothing (a store update would re-render the whole form in one long task, issue 12).
  const [flags, setOpenFlags] = useState<AccordionOpenFlags>(() =>
    isReturn ? useCoreStore.getState().accordionOpenFlags : startFlags(dateFirst),
  );
  const setFlags = (patch: Partial<AccordionOpenFlags>) =>
    setOpenFlags((current) => ({ ...current, ...patch }));
  useEffect(() => {
    useCoreStore.getState().set({ accordionOpenFlags: flags });
  }, [flags]);

  useEffect(() => {
    void loadTicketStep();
  }, []);

  const products = useQuery(productsQuery(lang));
  const range = monthRange(month);
  const statuses = useQuery({
    ...stockStatusesQuery(range, dateFirst ? null : selection.productUuid),
    enabled: dateFirst || !!selection.productUuid,
  });
  const colors = useQuery({ ...calendarColorsQuery(range), enabled: !!settings?.calendar.colorized });
  const onDate = useQuery({
    ...productsOnDateQuery(selection.date ?? '', lang),
    enabled: dateFirst && !!selection.date,
  });
  const productSlots = useQuery({
    ...slotsQuery(selection.date ?? '', selection.productUuid ?? '', lang),
    enabled: !dateFirst && !!selection.date && !!selection.productUuid,
  });

  // Date-before-product: a product kept from an earlier date counts only if it is on sale that date.
  const dateProduct = onDate.data?.find((entry) => entry.uuid === selection.productUuid);
  const productUuid =
    dateFirst && onDate.data && !(dateProduct && isOpen(dateProduct.status)) ? null : selection.productUuid;
  const product = productUuid ? products.data?.find((each) => each.uuid === productUuid) : undefined;
  const slots = dateFirst ? dateProduct?.slots : productSlots.data;
  const autoSlot = selection.slotId === null ? singleOpenSlot(slots) : null;
  const slot = slots?.find((each) => each.id === (selection.slotId ?? autoSlot?.id));
  const addOns = useQuery({ ...setProductsQuery(slot?.id ?? 0, lang), enabled: !!slot });

  // A return keeps the live hold until the next one replaces it: its tickets count as the visitor's own.
  const [heldSelection] = useState(() =>
    isReturn ? savedSelection(useCoreStore.getState().savedOrder) : null,
  );
  const holdToken = useCoreStore((state) => state.orderToken);
  const ownHold = (slotId: number | undefined) =>
    holdToken && heldSelection && heldSelection.slotId === slotId ? ticketCount(heldSelection.tickets) : 0;
  const bounds = product ? ticketBounds(product, slot, ownHold(slot?.id)) : { min: 1, max: 0 };
  const count = ticketCount(selection.tickets);
  const total = orderTotal(product, selection, addOns.data);
  const complete = !!product && !!slot && count >= bounds.min && count <= bounds.max;

  // The slot's stock can fall below the chosen quantity while the form is open (a refused hold reloads it:
  // "sold out", 3 chosen and 1 left). Such a choice could never be continued, so it is cut to what is
  // left, and the visitor is told why (a polite live region in the order bar), not left with a dead button.
  const left = bounds.max;
  const overStock = !!product && !!slot && count > left;
  const [reducedTo, setReducedTo] = useState<number | null>(null);
  useEffect(() => {
    if (!overStock) return;
    setSelection((current) => {
      const tickets = clampTickets(current.tickets, left);
      const most = ticketCount(tickets);
      const addOns = Object.entries(current.addOns).map(([uuid, n]) => [uuid, Math.min(n, most)]);
      return { ...current, tickets, addOns: Object.fromEntries(addOns) };
    });
    setReducedTo(Math.max(left, 0));
  }, [overStock, left]);
  const quantityNotice =
    reducedTo === null
      ? null
      : reducedTo > 0
        ? t('order_quantity_reduced', { count: reducedTo })
        : t('order_quantity_sold_out');
  const { save, saving } = useSaveOrder();

  // A choice closes its step, taking the focused control with it: the focus moves to the next
  // step's heading button (announced with its open state) and that step scrolls into view.
  const nextStep = useRef<string | null>(null);
  const moveOnTo = (sectionId: string) => (nextStep.current = sectionId);
  useEffect(() => {
    const sectionId = nextStep.current;
    if (!sectionId) return;
    nextStep.current = null;
    const toggle = document.querySelector<HTMLButtonElement>(`#${sectionId}-heading button`);
    toggle?.focus({ preventScroll: true });
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    toggle?.closest('section')?.scrollIntoView?.({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  });

  const update = (patch: Partial<OrderSelection>) => setSelection((current) => ({ ...current, ...patch }));

  const chooseProduct = (chosen: Product) => {
    if (chosen.uuid !== productUuid) {
      // Another product has other ticket types and, before a date, other open days.
      update({
        productUuid: chosen.uuid,
        slotId: null,
        tickets: {},
        addOns: {},
        ...(dateFirst ? {} : { date: null }),
      });
    }
    setFlags(
      dateFirst ? { productList: false, timeSpans: true } : { productList: false, calendarList: true },
    );
    const slotChosenForYou =
      dateFirst && singleOpenSlot(onDate.data?.find((e) => e.uuid === chosen.uuid)?.slots);
    moveOnTo(!dateFirst ? 'order-date' : slotChosenForYou ? 'order-tickets' : 'order-time');
  };
  const chooseDate = (date: string) => {
    if (date !== selection.date) update({ date, slotId: null });
    setFlags(
      dateFirst ? { calendarList: false, productList: true } : { calendarList: false, timeSpans: true },
    );
    moveOnTo(dateFirst ? 'order-product' : 'order-time');
  };
  const chooseSlot = (chosen: Slot) => {
    const max = product ? ticketBounds(product, chosen, ownHold(chosen.id)).max : 0;
    setReducedTo(null);
    update({ slotId: chosen.id, tickets: clampTickets(selection.tickets, max) });
    setFlags({ timeSpans: false, optionValues: true });
    moveOnTo('order-tickets');
  };

  const chooseTickets = (tickets: OrderSelection['tickets']) => {
    // One add-on of each kind per ticket: fewer tickets trim the add-ons too.
    setReducedTo(null);
    const most = ticketCount(tickets);
    const addOnCounts = Object.entries(selection.addOns).map(([uuid, n]) => [uuid, Math.min(n, most)]);
    update({ tickets, addOns: Object.fromEntries(addOnCounts) });
  };

  // A slot chosen automatically hands its open state on to the tickets step; opening the time step
  // again makes that choice explicit so the visitor sees it selected.
  const timeOpen = flags.timeSpans && !autoSlot;
  const ticketsOpen = flags.optionValues || (flags.timeSpans && !!autoSlot);
  const toggleTime = (open: boolean) => {
    if (autoSlot) update({ slotId: autoSlot.id });
    setFlags({ timeSpans: open });
  };

  const productStep = (number: number) => (
    <OrderSection
      key="product"
      id="order-product"
      number={number}
      title={t('order_section_product')}
      summary={product?.name}
      lockedHint={dateFirst && !selection.date ? t('order_hint_choose_date') : null}
      open={flags.productList}
      onToggle={(open) => setFlags({ productList: open })}
    >
      <ProductLineup
        label={t('order_section_product')}
        choice={{
          selectedUuid: productUuid,
          onSelect: chooseProduct,
          onDate: dateFirst
            ? { products: onDate.data, statusText: (entry) => stockStatusText(t, entry.status, entry.count) }
            : undefined,
        }}
      />
    </OrderSection>
  );

  const dateStep = (number: number) => (
    <OrderSection
      key="date"
      id="order-date"
      number={number}
      title={t('order_section_date')}
      summary={selection.date ? formatDate(selection.date, lang) : null}
      lockedHint={!dateFirst && !productUuid ? t('order_hint_choose_product') : null}
      open={flags.calendarList}
      onToggle={(open) => setFlags({ calendarList: open })}
    >
      <MonthCalendar
        month={month}
        onMonthChange={setMonth}
        minMonth={monthOf(today)}
        maxMonth={shiftMonth(monthOf(today), MONTHS_AHEAD)}
        statuses={statuses.data}
        colors={settings?.calendar.colorized ? colors.data : []}
        today={today}
        selected={selection.date}
        onSelect={chooseDate}
      />
    </OrderSection>
  );

  const steps = dateFirst ? [dateStep, productStep] : [productStep, dateStep];
  // The time step waits for both earlier steps; it names the first one still open, in the site's order.
  const needDate = selection.date ? null : t('order_hint_choose_date');
  const needProduct = productUuid ? null : t('order_hint_choose_product');
  const timeLocked = dateFirst ? (needDate ?? needProduct) : (needProduct ?? needDate);

  return (
    <div className="order-form">
      {steps.map((step, index) => step(index + 1))}

      <OrderSection
        id="order-time"
        number={3}
        title={t('order_section_time')}
        summary={slot ? slotWhen(product?.product_type, slot, lang) : null}
        lockedHint={timeLocked}
        open={timeOpen}
        onToggle={toggleTime}
      >
        <Suspense fallback={stepFallback}>
          {slots ? (
            <SlotList
              productType={product?.product_type}
              slots={slots}
              selected={slot?.id ?? null}
              onSelect={chooseSlot}
            />
          ) : (
            stepFallback
          )}
        </Suspense>
      </OrderSection>

      <OrderSection
        id="order-tickets"
        number={4}
        title={t('order_section_tickets')}
        summary={
          product && count > 0
            ? product.option_values
                .filter((option) => (selection.tickets[option.id] ?? 0) > 0)
                .map((option) =>
                  t('order_ticket_line', { name: option.name, count: selection.tickets[option.id] }),
                )
                .join(', ')
            : null
        }
        lockedHint={timeLocked ?? (slot ? null : t('order_hint_choose_time'))}
        open={ticketsOpen}
        onToggle={(open) => setFlags({ optionValues: open, ...(autoSlot ? { timeSpans: false } : {}) })}
      >
        {product ? (
          <Suspense fallback={stepFallback}>
            <TicketStep
              product={product}
              max={bounds.max}
              selection={selection}
              count={count}
              addOns={addOns.data}
              onTicketsChange={chooseTickets}
              onAddOnsChange={(counts) => update({ addOns: counts })}
              price={price}
            />
          </Suspense>
        ) : null}
      </OrderSection>

      <OrderBar
        total={price(total)}
        count={count}
        hint={
          complete
            ? null
            : (timeLocked ??
              (!slot
                ? t('order_hint_choose_time')
                : count < Math.max(bounds.min, 1)
                  ? t('order_hint_choose_tickets')
                  : null))
        }
        notice={quantityNotice}
        saving={saving}
        onContinue={() => {
          if (complete) void save(product, slot, selection, ownHold(slot.id));
        }}
      />
    </div>
  );
}
