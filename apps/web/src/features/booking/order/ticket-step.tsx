import type { SetProduct } from '@kippu/contract/endpoints/catalogue-set-products';
import type { Product } from '@kippu/contract/endpoints/products';
import { AddOnList } from './add-on-list.tsx';
import type { OrderSelection } from './order-selection.ts';
import { TicketQuantities } from './ticket-quantities.tsx';

/**
 * The tickets step's contents: ticket types with steppers, then the slot's add-ons (at most one of
 * each per ticket). The selection rules stay with the form: this chunk only shows and reports.
 */
export function TicketStep({
  product,
  max,
  selection,
  count,
  addOns,
  onTicketsChange,
  onAddOnsChange,
  price,
}: {
  product: Product;
  max: number;
  selection: OrderSelection;
  /** Tickets chosen so far. */
  count: number;
  addOns: SetProduct[] | undefined;
  onTicketsChange: (tickets: OrderSelection['tickets']) => void;
  onAddOnsChange: (counts: OrderSelection['addOns']) => void;
  price: (amount: number) => string;
}) {
  return (
    <>
      <TicketQuantities
        product={product}
        max={max}
        tickets={selection.tickets}
        total={count}
        onChange={onTicketsChange}
        price={price}
      />
      {addOns && addOns.length > 0 ? (
        <AddOnList
          addOns={addOns}
          counts={selection.addOns}
          maxEach={count}
          onChange={onAddOnsChange}
          price={price}
        />
      ) : null}
    </>
  );
}
