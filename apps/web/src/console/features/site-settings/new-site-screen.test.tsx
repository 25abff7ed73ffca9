import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANG_CODES } from '@kippu/contract/enums';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { consoleSettings } from './site-settings-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const LANG_NAMES = ['日本語', 'English', '简体中文', '한국어', '繁體中文', 'ไทย'];

describe('new site', () => {
  it('shows a taken slug at its field, then creates the site and opens its settings', async () => {
    let created = false;
    const api = fakeConsoleApi({
      'GET /session': () => ({
        status: 200,
        body: sessionOf('owner', {
          allSites: true,
          sites: created
            ? [
                { code: 'MORI', name: 'Mori' },
                { code: 'UMI', name: 'Umi' },
              ]
            : [{ code: 'MORI', name: 'Mori' }],
        }),
      }),
      'POST /sites': (call) => {
        if ((call.body as { slug: string }).slug === 'console') {
          return {
            status: 409,
            body: { error: 'console slug unavailable', issues: [{ path: 'slug', message: 'reserved' }] },
          };
        }
        created = true;
        return { status: 200, body: { site: { code: 'UMI', slug: 'umi' } } };
      },
      'GET /sites/UMI/settings': {
        status: 200,
        body: consoleSettings({ site: { code: 'UMI', slug: 'umi' } }),
      },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/new-site');
    await screen.findByRole('heading', { name: 'New site' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await user.type(screen.getByLabelText('Site code'), 'UMI');
    const slug = screen.getByLabelText('Address (slug)');
    await user.type(slug, 'console');
    for (const [index, lang] of LANG_NAMES.entries()) {
      await user.type(screen.getByLabelText(`Site name ${lang}`), `Umi ${LANG_CODES[index]}`);
    }
    await user.click(screen.getByRole('button', { name: 'Create site' }));
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(slug);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    await user.clear(slug);
    await user.type(slug, 'umi');
    await user.click(screen.getByRole('button', { name: 'Create site' }));
    await screen.findByRole('heading', { name: 'Site settings: Umi' });
    expect(window.location.hash).toBe('#/sites/UMI/settings');
    expect(api.calls.filter((call) => call.method === 'POST')[1]!.body).toEqual({
      from_site: 'MORI',
      code: 'UMI',
      slug: 'umi',
      name: Object.fromEntries(LANG_CODES.map((lang) => [lang, `Umi ${lang}`])),
    });
  });

  it('checks the code and slug before sending', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner', { allSites: true }) },
    });
    const user = userEvent.setup();
    await renderConsole('#/new-site');
    await user.type(await screen.findByLabelText('Site code'), 'umi');
    await user.type(screen.getByLabelText('Address (slug)'), 'Umi Site');
    await user.click(screen.getByRole('button', { name: 'Create site' }));
    expect(await screen.findByText(/Capital letters, digits and _, starting with a letter/)).toBeTruthy();
    expect(screen.getByText(/Lowercase letters, digits and hyphens/)).toBeTruthy();
    expect(screen.getByText('Enter the name in every language.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
