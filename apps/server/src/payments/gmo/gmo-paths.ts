import { ROUTES } from '@kippu/contract';

/** Where GMO-PG posts its result notifications (結果通知): configured per shop in GMO's console (ADR 050). */
export const GMO_NOTIFY_PATH = ROUTES.gmoNotify.path;

/** The GMO methods whose browser return comes back through a return route. */
export const GMO_REDIRECT_METHODS = ['gmo_3ds', 'gmo_paypay', 'alipay'] as const;
export const GMO_WALLET_METHODS = ['gmo_paypay', 'alipay'] as const;
