// The order form's later steps (slot list, tickets and add-ons), loaded as one chunk after the first paint.
export { SlotList } from './slot-list.tsx';
export { TicketStep } from './ticket-step.tsx';
