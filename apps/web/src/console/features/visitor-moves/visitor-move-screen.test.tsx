import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { moveFixture } from './move-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('one move run', () => {
  it('shows the progress while it runs, asks again until done, then filters the results', async () => {
    let answers = 0;
    const fake = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /sites/MORI/moves/7': () => {
        answers += 1;
        return { status: 200, body: moveFixture(answers === 1 ? 'running' : 'done') };
      },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/moves/7');
    const bar = await screen.findByRole('progressbar', { name: 'Progress of the move' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('4');
    expect(screen.getByText('1 of 4 reservations settled')).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // The poll (MOVE_POLL_MS) brings the finished run; the live region says so, and polling stops.
    await vi.waitFor(() => expect(screen.getByText('Done: all 4 reservations settled')).toBeTruthy(), {
      timeout: 6_000,
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('4');
    const table = screen.getByRole('table', { name: 'Reservations of this move' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(table.textContent).toContain('No target slot had room');
    expect(table.textContent).toContain('A ticket was already checked in');

    await user.selectOptions(screen.getByLabelText('State'), 'failed');
    const failed = within(table).getAllByRole('row').slice(1);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.textContent).toContain('R-0004');
    expect(screen.getByText('1 of 4 shown')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('State'), '');
    await user.type(screen.getByLabelText('Reservation'), 'r-0002');
    expect(within(table).getAllByRole('row').slice(1)[0]!.textContent).toContain('Moved');

    const polls = fake.calls.filter((call) => call.path === '/sites/MORI/moves/7').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(fake.calls.filter((call) => call.path === '/sites/MORI/moves/7').length).toBe(polls);
  }, 60_000);
});
