import type { CreateOrderBody, SalesChannel } from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';
import type { HeldOrder, HoldRequest, StockHolder } from './hold-types.ts';
import type { ProductCache, ProductForSale } from './product-for-sale.ts';

export interface CreateOrderDeps {
  products: ProductCache;
  stock: StockHolder;
  /** Hold minutes when the site sets none (env HOLD_MINUTES). */
  defaultHoldMinutes: number;
}

/** Adds quantities of repeated ids and drops zero quantities (a form may send every option). */
function merged<K>(entries: { key: K; quantity: number }[]): Map<K, number> {
  const totals = new Map<K, number>();
  for (const { key, quantity } of entries) {
    if (quantity > 0) totals.set(key, (totals.get(key) ?? 0) + quantity);
  }
  return totals;
}

function assertOnSaleNow(product: ProductForSale, now: number): void {
  const started = product.saleStartsAt === null || product.saleStartsAt.getTime() <= now;
  const ended = product.saleEndsAt !== null && product.saleEndsAt.getTime() <= now;
  if (!started || ended) throw new AppError('not_on_sale');
}

/**
 * Who asks for the order: the site and channel, and the keys the hold caps count (ADR 094): the client's
 * (the visitor's, or the address's without a visitor id) and the address's (null or absent: none).
 */
export interface OrderClient {
  code: string;
  channel: SalesChannel;
  clientKey: string | null;
  addressKey?: string | null;
}

/**
 * Checks of the request against the product alone; the slot's checks (sale, stock, hold caps) happen in
 * the hold batch (ADR 007), which reads the slot afresh and takes stock with a conditional update.
 */
function toHoldRequest(
  body: CreateOrderBody,
  product: ProductForSale,
  site: OrderClient,
  defaultHoldMinutes: number,
): HoldRequest {
  if (!product.saleChannels.includes(site.channel)) throw new AppError('invalid_channel');
  assertOnSaleNow(product, Date.now());

  const lines = [
    ...merged(body.option_values.map((o) => ({ key: o.option_value_id, quantity: o.quantity }))),
  ];
  const lineItems = lines.map(([optionValueId, quantity]) => {
    const unitPrice = product.optionPrices.get(optionValueId);
    if (unitPrice === undefined) throw new AppError('option_value_not_found');
    return { optionValueId, quantity, unitPrice };
  });
  const ticketCount = lineItems.reduce((sum, l) => sum + l.quantity, 0);
  if (
    ticketCount === 0 ||
    ticketCount !== body.quantity ||
    body.quantity < product.minQuantity ||
    body.quantity > product.maxQuantity
  ) {
    throw new AppError('invalid_request');
  }

  const sets = [...merged(body.set_products.map((s) => ({ key: s.set_product_uuid, quantity: s.quantity })))];
  const setItems = sets.map(([uuid, quantity]) => {
    const setProduct = product.setProducts.get(uuid);
    if (!setProduct) throw new AppError('record_not_found');
    // An add-on goes with a ticket (an audio guide, a drink per visitor): at most one per ticket.
    if (quantity > ticketCount) throw new AppError('invalid_request');
    return { setProductId: setProduct.id, quantity, unitPrice: setProduct.price };
  });

  const price =
    lineItems.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) +
    setItems.reduce((sum, s) => sum + s.unitPrice * s.quantity, 0);
  return {
    siteCode: site.code,
    channel: site.channel,
    lang: body.lang,
    productId: product.id,
    timeSpanId: body.time_span_id,
    quantity: body.quantity,
    price,
    holdMinutes: product.holdMinutes ?? defaultHoldMinutes,
    lines: lineItems,
    setProducts: setItems,
    clientKey: site.clientKey,
    addressKey: site.addressKey ?? null,
    caps: product.holdCaps,
  };
}

/**
 * Creates a temporary order holding stock. Shared by the web (`channel 'web'`) and spot
 * (`channel 'spot'`) calls; the channel decides which products may be sold.
 */
export async function createOrder(
  deps: CreateOrderDeps,
  site: OrderClient,
  body: CreateOrderBody,
): Promise<HeldOrder> {
  const product = await deps.products.get(site.code, body.product_uuid);
  if (!product) throw new AppError('record_not_found');
  return deps.stock.hold(toHoldRequest(body, product, site, deps.defaultHoldMinutes));
}
