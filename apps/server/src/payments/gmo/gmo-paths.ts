/** The GMO methods whose browser return comes back through a return route. */
export const GMO_REDIRECT_METHODS = ['gmo_3ds', 'gmo_paypay', 'alipay'] as const;
