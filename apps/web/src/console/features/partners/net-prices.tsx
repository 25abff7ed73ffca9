import {
  PARTNER_NET_PRICE_MAX_YEN,
  type PartnerBody,
  type PartnerDetail,
} from '@kippu/contract/console/partners-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { textIn } from '../../shared/ui/form-support.ts';

/** Typed net prices by ticket type id: '' is "not sold to this partner". */
export type NetPriceDraft = Record<number, string>;

export const netPriceDraftOf = (detail: PartnerDetail): NetPriceDraft =>
  Object.fromEntries(
    detail.partner.net_prices.map((price) => [price.ticket_type_id, String(price.net_price_yen)]),
  );

/**
 * The typed prices as the API's list, or the ticket types whose price is not a whole number of yen above 0
 * (never ¥0: a partner's booking is a sale on account, and the settlement shows what it owes).
 */
export function checkNetPrices(draft: NetPriceDraft): {
  prices: PartnerBody['net_prices'];
  wrong: number[];
} {
  const prices: PartnerBody['net_prices'] = [];
  const wrong: number[] = [];
  for (const [id, typed] of Object.entries(draft)) {
    const value = typed.trim();
    if (value === '') continue;
    const yen = Number(value);
    if (/^\d+$/.test(value) && yen >= 1 && yen <= PARTNER_NET_PRICE_MAX_YEN)
      prices.push({ ticket_type_id: Number(id), net_price_yen: yen });
    else wrong.push(Number(id));
  }
  return { prices, wrong };
}

/**
 * Every ticket type of the organisation the partner could sell, by site and product, with its list price
 * and an input for the partner's net price; an empty input means the partner does not sell that type.
 */
export function NetPrices({
  ticketTypes,
  draft,
  wrong,
  siteName,
  disabled,
  onChange,
}: {
  ticketTypes: PartnerDetail['ticket_types'];
  draft: NetPriceDraft;
  wrong: readonly number[];
  siteName: (code: string) => string;
  disabled: boolean;
  onChange: (next: NetPriceDraft) => void;
}) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  return (
    <fieldset className="c-field">
      <legend className="c-label">{t('partners_net_prices')}</legend>
      <p className="c-field__hint">{t('partners_net_prices_hint')}</p>
      {ticketTypes.length === 0 ? (
        <p>{t('partners_no_ticket_types')}</p>
      ) : (
        <div className="c-table-wrap" role="region" aria-label={t('partners_net_prices')} tabIndex={0}>
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">{t('partners_site')}</th>
                <th scope="col">{t('partners_product')}</th>
                <th scope="col">{t('partners_ticket_type')}</th>
                <th scope="col" className="c-num">
                  {t('partners_list_price')}
                </th>
                <th scope="col">{t('partners_net_price')}</th>
              </tr>
            </thead>
            <tbody>
              {ticketTypes.map((type) => {
                const id = `c-net-price-${type.ticket_type_id}`;
                const name = textIn(type.ticket_type_name, lang);
                const invalid = wrong.includes(type.ticket_type_id);
                return (
                  <tr key={type.ticket_type_id}>
                    <td>{siteName(type.site_code)}</td>
                    <td>{textIn(type.product_name, lang)}</td>
                    <td>{name}</td>
                    <td className="c-num">{f.yen(type.list_price_yen)}</td>
                    <td>
                      <input
                        id={id}
                        className="c-partner-yen"
                        inputMode="numeric"
                        autoComplete="off"
                        disabled={disabled}
                        aria-label={t('partners_net_price_of', {
                          type: name,
                          product: textIn(type.product_name, lang),
                        })}
                        aria-invalid={invalid ? true : undefined}
                        aria-describedby={invalid ? `${id}-error` : undefined}
                        value={draft[type.ticket_type_id] ?? ''}
                        onChange={(event) =>
                          onChange({ ...draft, [type.ticket_type_id]: event.target.value })
                        }
                      />{' '}
                      {t('partners_yen')}
                      {invalid ? (
                        <p id={`${id}-error`} className="c-field__error">
                          {t('partners_net_price_invalid')}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </fieldset>
  );
}
