import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BoxOfficeSale, BoxOfficeSaleBody } from '@kippu/contract/console/box-office-schemas';
import type { LangCode } from '@kippu/contract/enums';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { CONSOLE_LANGS, LANG_NAMES, useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { ErrorNotice, Field, Loading } from '../../shared/ui/ui.tsx';
import { boxOfficeKeys, boxOfficeProducts, newSaleKey, saleRefused, sell } from './box-office-queries.ts';
import { methodsFor, PaymentFields, yenOf, type Method } from './payment-fields.tsx';
import { defaultSlot, SlotChoice } from './slot-choice.tsx';
import { TicketLines, type Quantities } from './ticket-lines.tsx';

/** What the next sale starts from: the last sale's product and day (a counter sells the same all day). */
export interface SaleStart {
  product: string;
  date: string;
}

/** Seats and the counter's offer are read again this often while the form is open. */
const REFRESH_MS = 30_000;

/**
 * One sale at the counter: product, day (today by default), slot (the running one first), ticket types,
 * payment, an optional address for the tickets; then sell, once, whatever the clicks (the sale's key).
 */
export function SaleForm({
  site,
  start,
  onSold,
}: {
  site: string;
  start: SaleStart;
  onSold: (sale: BoxOfficeSale, email: string, next: SaleStart) => void;
}) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const [date, setDate] = useState(start.date);
  const [productId, setProductId] = useState(start.product);
  const [slotId, setSlotId] = useState<number>();
  const [quantities, setQuantities] = useState<Quantities>({});
  const [chosenMethod, setMethod] = useState<Method>();
  const [received, setReceived] = useState('');
  const [approval, setApproval] = useState('');
  const [visitorLang, setVisitorLang] = useState<LangCode>(lang);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [sendMail, setSendMail] = useState(false);
  // One key per sale: kept across retries whose outcome is unknown, renewed after a refusal (saleRefused).
  const [key, setKey] = useState(newSaleKey);

  const offer = useQuery({
    queryKey: boxOfficeKeys.products(site, date),
    queryFn: () => boxOfficeProducts(site, date),
    refetchInterval: REFRESH_MS,
  });
  const products = offer.data?.products ?? [];
  const product =
    products.find((each) => each.product_uuid === productId) ??
    (products.length === 1 ? products[0] : undefined);
  const slot =
    product?.slots.find((each) => each.time_span_id === slotId) ??
    defaultSlot(product?.slots ?? [], Date.now());
  const types = product?.ticket_types ?? [];
  const count = types.reduce((sum, type) => sum + (quantities[type.option_value_id] ?? 0), 0);
  const total = types.reduce((sum, type) => sum + type.price * (quantities[type.option_value_id] ?? 0), 0);
  const most = Math.min(product?.max_quantity ?? 0, slot?.available ?? 0);
  const methods = methodsFor(offer.data?.payment_methods ?? [], total);
  const method = chosenMethod && methods.includes(chosenMethod) ? chosenMethod : methods[0];
  const cash = yenOf(received);

  const payment: BoxOfficeSaleBody['payment'] | null =
    method === 'cash'
      ? cash !== null && cash >= total
        ? { method, received: cash }
        : null
      : method === 'card_terminal'
        ? approval.trim()
          ? { method, approval_number: approval.trim() }
          : null
        : method === 'free'
          ? { method }
          : null;
  const ready =
    product && slot && slot.on_sale && payment && count >= Math.max(1, product.min_quantity) && count <= most
      ? { product, slot, payment }
      : null;
  const mailReady = !sendMail || email.trim() !== '';

  const sale = useMutation({
    mutationFn: (body: BoxOfficeSaleBody) => sell(site, body),
    onSuccess: (answer) => onSold(answer, email.trim(), { product: product?.product_uuid ?? '', date }),
    onError: (error) => {
      if (saleRefused(error)) setKey(newSaleKey());
      void client.invalidateQueries({ queryKey: boxOfficeKeys.products(site, date) });
    },
  });
  const submit = () => {
    if (!ready || !mailReady || sale.isPending) return;
    sale.mutate({
      idempotency_key: key,
      lang: visitorLang,
      product_uuid: ready.product.product_uuid,
      time_span_id: ready.slot.time_span_id,
      lines: types
        .filter((type) => (quantities[type.option_value_id] ?? 0) > 0)
        .map((type) => ({
          option_value_id: type.option_value_id,
          quantity: quantities[type.option_value_id]!,
        })),
      payment: ready.payment,
      visitor: {
        ...(email.trim() ? { email: email.trim() } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
      },
      send_mail: sendMail && email.trim() !== '',
    });
  };

  return (
    <form
      className="c-bo-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="c-bo-row">
        <div className="c-field">
          <label htmlFor="c-bo-product">{t('box_office_product')}</label>
          <select
            id="c-bo-product"
            className="c-select"
            value={product?.product_uuid ?? ''}
            onChange={(event) => {
              setProductId(event.target.value);
              setSlotId(undefined);
              setQuantities({});
            }}
          >
            <option value="">{t('box_office_choose_product')}</option>
            {products.map((each) => (
              <option key={each.product_uuid} value={each.product_uuid}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
        <div className="c-field">
          <label htmlFor="c-bo-date">{t('box_office_date')}</label>
          <input
            id="c-bo-date"
            type="date"
            required
            value={date}
            onChange={(event) => {
              if (!event.target.value) return;
              setDate(event.target.value);
              setSlotId(undefined);
            }}
          />
        </div>
      </div>
      {offer.isPending ? <Loading /> : null}
      <ErrorNotice error={offer.error} />
      {offer.data && products.length === 0 ? (
        <p className="c-field__hint">{t('box_office_no_products')}</p>
      ) : null}
      {product ? (
        <>
          <SlotChoice slots={product.slots} chosen={slot?.time_span_id} onChoose={setSlotId} />
          {product.slots.length > 0 && !slot ? (
            <p className="c-notice">{t('box_office_no_open_slot')}</p>
          ) : null}
          <TicketLines types={types} quantities={quantities} onChange={setQuantities} canAdd={count < most} />
          <p className="c-bo-total" aria-live="polite">
            <span>{t('box_office_total', { count: f.count(count) })}</span>
            <strong className="c-bo-total__amount">{f.yen(total)}</strong>
          </p>
          {count > most ? (
            <p className="c-field__hint c-status--bad">{t('box_office_too_many', { count: most })}</p>
          ) : null}
          {product.min_quantity > 1 && count > 0 && count < product.min_quantity ? (
            <p className="c-field__hint">{t('box_office_minimum', { count: product.min_quantity })}</p>
          ) : null}
          <PaymentFields
            methods={methods}
            method={method}
            onMethod={setMethod}
            total={total}
            received={received}
            onReceived={setReceived}
            approval={approval}
            onApproval={setApproval}
          />
          <fieldset className="c-bo-fieldset">
            <legend>{t('box_office_visitor')}</legend>
            <div className="c-bo-row">
              <div className="c-field">
                <label htmlFor="c-bo-lang">{t('box_office_visitor_lang')}</label>
                <select
                  id="c-bo-lang"
                  className="c-select"
                  value={visitorLang}
                  onChange={(event) => setVisitorLang(event.target.value as LangCode)}
                >
                  {CONSOLE_LANGS.map((each) => (
                    <option key={each} value={each}>
                      {LANG_NAMES[each]}
                    </option>
                  ))}
                </select>
              </div>
              <Field
                label={t('box_office_email')}
                type="email"
                autoComplete="off"
                maxLength={254}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <Field
                label={t('box_office_name')}
                autoComplete="off"
                maxLength={100}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <label className="c-bo-check">
              <input
                type="checkbox"
                checked={sendMail}
                onChange={(event) => setSendMail(event.target.checked)}
              />
              {t('box_office_send_mail')}
            </label>
            {!mailReady ? <p className="c-field__hint">{t('box_office_send_mail_needs')}</p> : null}
          </fieldset>
          {isApiError(sale.error, 'out_of_stock') ? (
            <p className="c-notice c-notice--error" role="alert">
              {t('box_office_error_sold_out')}
            </p>
          ) : isApiError(sale.error, 'not_on_sale') ? (
            <p className="c-notice c-notice--error" role="alert">
              {t('box_office_error_not_on_sale')}
            </p>
          ) : (
            <ErrorNotice error={sale.error} />
          )}
          <button
            className="c-button c-button--primary c-bo-sell"
            type="submit"
            disabled={!ready || !mailReady || sale.isPending}
          >
            {t('box_office_sell', { amount: f.yen(total) })}
          </button>
        </>
      ) : null}
    </form>
  );
}
