import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import { renderWithProviders } from '../../../test/render.tsx';
import { SlotList } from './slot-list.tsx';

const slot = (id: number, start: string, end: string): Slot => ({
  id,
  start,
  end,
  capacity: 10,
  remaining: 10,
  status: 'available',
});

describe('SlotList', () => {
  it('names a timed slot by its entry times', async () => {
    await renderWithProviders(
      <SlotList
        productType="time"
        slots={[slot(1, '2026-12-01T10:00:00+09:00', '2026-12-01T10:30:00+09:00')]}
        selected={null}
        onSelect={() => {}}
      />,
    );
    expect((screen.getByRole('radio', { name: /10:00 - 10:30/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('names a pass by the dates it is valid for, through the day before its midnight end', async () => {
    await renderWithProviders(
      <SlotList
        productType="period"
        slots={[slot(2, '2026-11-01T00:00:00+09:00', '2027-11-01T00:00:00+09:00')]}
        selected={null}
        onSelect={() => {}}
      />,
      'ja',
    );
    const pass = screen.getByRole('radio', { name: /2026年11月01日\(日\) ~ 2027年10月31日\(日\)/ });
    expect((pass as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText(/00:00/)).toBeNull();
  });
});
