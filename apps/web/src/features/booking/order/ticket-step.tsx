import type { SetProduct } from '@kippu/contract/endpoints/catalogue-set-products';
import type { Product } from '@kippu/contract/endpoints/products';
import { AddOnList } from './add-on-list.tsx';
import { ticketCount, type OrderSelection } from './order-selection.ts';
import { TicketQuantities } from './ticket-quantities.tsx';

/** The tickets step's contents: ticket types with steppers, then the slot's add-ons. */
export function TicketStep({
  product,
  max,
  selection,
  addOns,
  onChange,
  price,
}: {
  product: Product;
  max: number;
  selection: OrderSelection;
  addOns: SetProduct[] | undefined;
  onChange: (patch: Partial<OrderSelection>) => void;
  price: (amount: number) => string;
}) {
  const count = ticketCount(selection.tickets);
  return (
    <>
      <TicketQuantities
        product={product}
        max={max}
        tickets={selection.tickets}
        onChange={(tickets) => {
          // One add-on of each kind per ticket: fewer tickets trim the add-ons too.
          const most = ticketCount(tickets);
          const addOnCounts = Object.entries(selection.addOns).map(([uuid, n]) => [uuid, Math.min(n, most)]);
          onChange({ tickets, addOns: Object.fromEntries(addOnCounts) });
        }}
        price={price}
      />
      {addOns && addOns.length > 0 ? (
        <AddOnList
          addOns={addOns}
          counts={selection.addOns}
          maxEach={count}
          onChange={(counts) => onChange({ addOns: counts })}
          price={price}
        />
      ) : null}
    </>
  );
}
