import { useQuery } from '@tanstack/react-query';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore, type ConfirmedMail } from '../../../shared/stores/core-store.ts';
import { temporaryOrderQuery } from '../steps/temporary-order-query.ts';

/**
 * Whether the stored mailToken confirmed the address of `orderToken`: a mail link followed in this tab for
 * that very order. A token left from an earlier order (a new hold has replaced the order token since) or of
 * an older shape (a bare string, stored before its order was kept with it) confirms nothing.
 */
export function confirmsOrder(mailToken: ConfirmedMail | null, orderToken: string | null): boolean {
  return !!orderToken && typeof mailToken === 'object' && mailToken?.orderToken === orderToken;
}

/** The same address, as the server compares a link's address with the order's (case aside). */
export function sameAddress(a: unknown, b: string | null): boolean {
  return typeof a === 'string' && b !== null && a.toLowerCase() === b.toLowerCase();
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Whether the order in progress needs no further confirmation mail (the site confirms addresses by mail and
 * this tab followed this order's link: the server has moved the order to ready_checkout, all its checkout
 * asks), and the address so confirmed. That address is the order's own (GET /orders): the link may have
 * been opened in a tab that never saw the form; else the one this tab sent. Null while unknown: then a
 * submit mails again, as without a confirmation.
 */
export function useConfirmedMail(): { confirmed: boolean; email: string | null } {
  const isMailConfirm = useCoreStore((state) => state.configuration?.settings.isMailConfirm ?? true);
  const orderToken = useCoreStore((state) => state.orderToken);
  const confirmed =
    useCoreStore((state) => confirmsOrder(state.mailToken, state.orderToken)) && isMailConfirm;
  const savedEmail = useCoreStore((state) => text(state.savedSignIn?.email));
  const lang = useActiveLang();
  const order = useQuery({ ...temporaryOrderQuery(orderToken ?? '', lang), enabled: confirmed });
  const ordered = text(order.data?.customer_info.find((entry) => entry.key === 'email')?.value);
  return { confirmed, email: confirmed ? (ordered ?? savedEmail) : null };
}
