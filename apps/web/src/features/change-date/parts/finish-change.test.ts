import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimeChangeResponse } from '@kippu/contract/endpoints/time-change';
import { leaveForGateway } from '../../../shared/payments/leave-for-gateway.ts';
import { changeAwayForPayment } from '../../../shared/stores/change-payment-away.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { finishChange } from './finish-change.ts';

vi.mock('../../../shared/payments/leave-for-gateway.ts', () => ({ leaveForGateway: vi.fn() }));

const CHANGE = { top_up: 1000, to: {} } as unknown as TimeChangeResponse;
const TOKENS = { reservationToken: 'r1', timechangeToken: 't1' };

afterEach(() => {
  vi.mocked(leaveForGateway).mockClear();
  useTicketStore.getState().clearChangeDate();
});

describe('finishChange', () => {
  it('a 3-D Secure challenge: keeps which payment left for this change, then leaves for it', () => {
    const answer = {
      status: 'redirect',
      redirect_url: 'https://acs.example/3ds',
      payment_number: 'P-9',
    } as const;
    expect(finishChange(answer, CHANGE, TOKENS, new QueryClient())).toBe(false);
    expect(leaveForGateway).toHaveBeenCalledWith('https://acs.example/3ds');
    expect(useCoreStore.getState().paymentNumber).toBe('P-9');
    expect(changeAwayForPayment()).toEqual(TOKENS);
  });

  it('a completed change: no gateway, and what the complete screen shows is stored', () => {
    const answer = { status: 'reserved', reservation_token: 'r1', reservation_number: 'N1' } as const;
    expect(finishChange(answer, CHANGE, TOKENS, new QueryClient())).toBe(true);
    expect(leaveForGateway).not.toHaveBeenCalled();
    expect(useTicketStore.getState().changeDateResult).toMatchObject({ reservationToken: 'r1', paid: 1000 });
  });
});
