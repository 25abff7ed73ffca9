import { z } from 'zod';
import {
  SITE_CODE_PATTERN,
  LANG_CODES,
  SALES_CHANNELS,
  PAYMENT_METHODS,
  PRODUCT_TYPES,
  DISCOUNT_TYPES,
  ORDER_PROCEDURES,
  CURRENCIES,
  STOCK_STATUSES,
  ORDER_STATUSES,
  PAYMENT_FLOWS,
  PAYMENT_METHOD_ID_PATTERN,
  type PaymentMethodId,
} from './enums.ts';

/**
 * The zod schemas of the closed sets in enums.ts. Kept apart from the constants: the SPA's first chunk needs
 * the constants, and a schema defined beside them that any lazy screen parses with would pull zod into that
 * chunk (issue 12's route budgets).
 */
export const siteCodeSchema = z.string().regex(SITE_CODE_PATTERN, 'expected a site code such as BORDERLESS');
export const langCodeSchema = z.enum(LANG_CODES);
export const salesChannelSchema = z.enum(SALES_CHANNELS);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const paymentFlowSchema = z.enum(PAYMENT_FLOWS);
/** A method id in a request (ADR 059): the server decides whether a family serves it and the site offers it. */
export const paymentMethodIdSchema = z
  .string()
  .regex(
    PAYMENT_METHOD_ID_PATTERN,
    'expected a payment method id such as gmo_3ds',
  ) as z.ZodType<PaymentMethodId>;
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export const discountTypeSchema = z.enum(DISCOUNT_TYPES);
export const orderProcedureSchema = z.enum(ORDER_PROCEDURES);
export const currencySchema = z.enum(CURRENCIES);
export const stockStatusSchema = z.enum(STOCK_STATUSES);
export const orderStatusSchema = z.enum(ORDER_STATUSES);
