import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenerateSlotsResponse, Heatmap } from '@kippu/contract/console/schedule-schemas';
import { fakeConsoleApi, sessionOf, type FakeCall } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { tokyoToday } from './heatmap-model.ts';
import { bodyOf, fieldOfPath, type GeneratorForm } from './slot-generator-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const PRODUCT = '0b9a3c52-6f51-4d0e-9d1c-1d2f3a4b5c6d';
const today = tokyoToday();
const PRODUCTS: Heatmap = {
  site: 'MORI',
  from: today,
  to: today,
  products: [
    {
      uuid: PRODUCT,
      product_type: 'time',
      names: { ja: '入場', en: 'Timed entry', 'zh-hans': '入场', kr: '입장', 'zh-hant': '入場', th: 'เข้าชม' },
      future_slots: 0,
    },
  ],
  slots: [],
};

const PREVIEW: GenerateSlotsResponse = {
  preview: true,
  created: [
    { date: '2026-12-01', start_time: '10:00', end_time: '10:30', starts_at: '2026-12-01T01:00:00Z' },
    { date: '2026-12-01', start_time: '10:30', end_time: '11:00', starts_at: '2026-12-01T01:30:00Z' },
  ],
  existing: [
    { id: 5, date: '2026-12-01', start_time: '11:00', end_time: '11:30', starts_at: '2026-12-01T02:00:00Z' },
  ],
  excluded: [{ date: '2026-12-02', reason: 'holiday', holiday_name: '振替休日' }],
};

async function fillRange(user: ReturnType<typeof userEvent.setup>) {
  await user.clear(screen.getByLabelText('From'));
  await user.type(screen.getByLabelText('From'), '2026-12-01');
  await user.clear(screen.getByLabelText('To'));
  await user.type(screen.getByLabelText('To'), '2026-12-31');
}

describe('slot generator', () => {
  it('previews what it would create and what exists, creates it, then opens the heatmap on that range', async () => {
    const bodies: unknown[] = [];
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: PRODUCTS },
      'POST /sites/MORI/slots/generate': (call: FakeCall) => {
        bodies.push(call.body);
        return {
          status: 200,
          body: { ...PREVIEW, preview: (call.body as { preview: boolean }).preview },
        };
      },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/schedule/generate');
    await screen.findByRole('option', { name: 'Timed entry' });
    await fillRange(user);
    await user.click(screen.getByLabelText('Sat'));
    await user.click(screen.getByLabelText('Sun'));
    await user.click(screen.getByLabelText('Leave out Japanese public holidays'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'Slots of the range' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((each) => each.textContent)
            .slice(1),
        ),
    ).toEqual([['2: 10:00 10:30', '1: 11:00']]);
    expect(screen.getByText('To create: 2. Already there (skipped): 1. Dates left out: 1.')).toBeTruthy();
    expect(screen.getByText(/振替休日/)).toBeTruthy();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Create slots (2)' }));
    await waitFor(() =>
      expect(window.location.hash).toBe(
        `#/sites/MORI/schedule?from=2026-12-01&to=2026-12-31&product=${PRODUCT}`,
      ),
    );
    expect(bodies).toEqual([
      {
        product_uuid: PRODUCT,
        from: '2026-12-01',
        to: '2026-12-31',
        weekdays: [1, 2, 3, 4, 5],
        times: { kind: 'interval', from: '10:00', to: '17:00', every_minutes: 30 },
        length_minutes: 30,
        capacity: 40,
        on_sale: true,
        exclude_dates: [],
        exclude_holidays: true,
        preview: true,
      },
      expect.objectContaining({ preview: false, exclude_holidays: true }),
    ]);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('points at the fields zod refuses before asking, and at the field the API names', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: PRODUCTS },
      'POST /sites/MORI/slots/generate': {
        status: 400,
        body: {
          error: 'invalid request',
          issues: [{ path: 'body.to', message: 'at most 5000 slots in one run' }],
        },
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/schedule/generate');
    await screen.findByRole('option', { name: 'Timed entry' });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
      await user.click(screen.getByLabelText(day));
    await user.click(screen.getByLabelText('A list of times'));
    await user.clear(screen.getByLabelText('Start times'));
    await user.type(screen.getByLabelText('Start times'), '10:00, 25:00');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose at least one weekday.')).toBeTruthy();
    expect(screen.getByLabelText('Start times').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter start times as HH:MM (up to 96).')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByLabelText('Mon'));
    await user.clear(screen.getByLabelText('Start times'));
    await user.type(screen.getByLabelText('Start times'), '9:00 1300');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true'));
    const sent = api.calls.find((call) => call.method === 'POST')!.body as { times: unknown };
    expect(sent.times).toEqual({ kind: 'list', times: ['09:00', '13:00'] });
  });

  it('reads typed times and dates into the body and maps body paths to fields', () => {
    const form: GeneratorForm = {
      product_uuid: PRODUCT,
      from: '2026-12-01',
      to: '2026-12-02',
      weekdays: ['6', '7'],
      times_kind: 'list',
      times_list: '9:30、10:00，1100',
      times_from: '',
      times_to: '',
      every_minutes: Number.NaN,
      length_minutes: 45,
      capacity: 10,
      on_sale: false,
      exclude_dates: '2026-12-24 2026-12-25,',
      exclude_holidays: false,
    };
    expect(bodyOf(form)).toMatchObject({
      weekdays: [6, 7],
      times: { kind: 'list', times: ['09:30', '10:00', '11:00'] },
      exclude_dates: ['2026-12-24', '2026-12-25'],
    });
    expect(fieldOfPath('times.times.1')).toBe('times_list');
    expect(fieldOfPath('times.to')).toBe('times_to');
    expect(fieldOfPath('exclude_dates.0')).toBe('exclude_dates');
    expect(fieldOfPath('body.to')).toBe('to');
  });
});

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
