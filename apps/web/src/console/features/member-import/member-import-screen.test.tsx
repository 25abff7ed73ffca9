import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportMembersResponse } from '@kippu/contract/console/operations-members';
import { expectNoAxeViolations } from '../../test/expect-no-axe-violations.ts';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const inJapanese = sessionOf('owner', { staff: { id: 7, email: 'o@example.com', name: 'O', lang: 'ja' } });

const refused = (patch: Partial<ImportMembersResponse>): ImportMembersResponse => ({
  imported: false,
  file_error: null,
  added: 0,
  updated: 0,
  unchanged: 0,
  lines: [],
  ...patch,
});

describe('member import screen', () => {
  it("words the server's codes in the staff member's language: a line's problem, then the file's error", async () => {
    const answers: ImportMembersResponse[] = [
      refused({
        lines: [
          { line: 2, email: 'a@example.jp', result: 'not_imported' },
          // `message` is the CLI's English: the screen words `problem` instead.
          {
            line: 3,
            email: 'a@example.jp',
            result: 'error',
            problem: { code: 'duplicate_email', first_line: 2 },
            message: 'a@example.jp appears twice (first on line 2)',
          },
        ],
      }),
      refused({ file_error: { code: 'not_csv', line: 4 } }),
    ];
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: inJapanese },
      'POST /sites/MORI/members/import': () => ({ status: 200, body: answers.shift() }),
    });
    const user = userEvent.setup({ delay: null });
    const { container } = await renderConsole('#/sites/MORI/members/import', 'ja');
    await screen.findByRole('heading', { name: '会員の取り込み', level: 1 });
    const csv = screen.getByLabelText('または CSV をここに貼り付け');
    await user.type(csv, 'email,password,name');
    await user.click(screen.getByRole('button', { name: '取り込む' }));

    const table = await screen.findByRole('table', { name: '行ごとの結果' });
    expect(within(table).getByText('同じメールアドレスが2行目にもあります。')).toBeTruthy();
    expect(within(table).queryByText(/appears twice/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      '取り込みは行われませんでした。下の誤りのある行を直して、もう一度取り込んでください。',
    );
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: '取り込む' }));
    expect(
      await screen.findByText(
        '取り込みは行われませんでした。CSV として読み込めませんでした。4行目から始まる行のダブルクォート（"）を確かめてください。',
      ),
    ).toBeTruthy();
    expect(screen.getByText('行がありません。')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('explains a site without membership login instead of a form it would refuse (ADR 128)', async () => {
    const api = fakeConsoleApi({ 'GET /session': { status: 200, body: inJapanese } });
    const { container } = await renderConsole('#/sites/BORDERLESS/members/import', 'ja');
    await screen.findByRole('heading', { name: '会員の取り込み', level: 1 });
    const note = screen.getByRole('note');
    expect(note.textContent).toContain(
      'このサイトは会員サインインを使っていないため、会員を取り込めません。',
    );
    expect(note.textContent).toContain('「会員サインインを使う」');
    expect(within(note).getByRole('link', { name: 'サイト設定' }).getAttribute('href')).toBe(
      '#/sites/BORDERLESS/settings',
    );
    expect(screen.queryByRole('button', { name: '取り込む' })).toBeNull();
    expect(screen.queryByLabelText('または CSV をここに貼り付け')).toBeNull();
    await expectNoAxeViolations(container);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
