import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { consoleSettings, consoleTexts } from './site-settings-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

/** axe on what is rendered; colour contrast needs a layout jsdom has not. */
async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const OWNER = { status: 200, body: sessionOf('owner', { allSites: true }) };

describe('site settings', () => {
  it('saves the general section with the version it read, and says so', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
      'PATCH /sites/MORI/settings': (call) => ({
        status: 200,
        body: consoleSettings({
          version: 4,
          settings: {
            ...consoleSettings().settings,
            ...(call.body as { settings: object }).settings,
          },
        }),
      }),
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/settings');
    await screen.findByRole('heading', { name: 'General' });
    await expectNoAxeViolations(container);

    const title = screen.getByLabelText('Page title English');
    await user.clear(title);
    await user.type(title, 'Mori tickets');
    await user.selectOptions(screen.getByLabelText('Order procedure'), 'selectDateBeforeProduct');
    await user.clear(screen.getByLabelText('Tickets per visitor and slot'));
    await user.click(screen.getByRole('button', { name: 'Save General' }));

    expect((await screen.findByText(/^Saved\./)).getAttribute('role')).toBe('status');
    const patch = api.calls.find((call) => call.method === 'PATCH')!;
    const body = patch.body as {
      expected_version: number;
      settings: { pageTitle: { en: string }; layout: { orderProcedure: string } };
      server: { max_tickets_per_client_slot: number | null; hold_minutes: number | null };
    };
    expect(body.expected_version).toBe(3);
    expect(body.settings.pageTitle.en).toBe('Mori tickets');
    expect(body.settings.layout.orderProcedure).toBe('selectDateBeforeProduct');
    // An emptied limit is "no limit" (null), not 0.
    expect(body.server.max_tickets_per_client_slot).toBeNull();
    expect(body.server.hold_minutes).toBeNull();
    expect(patch.headers['x-console-csrf']).toBe('csrf-token-1');
  });

  it("sets the site's mode and sends none as null (GET /configurations' mode; review finding 16)", async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
      'PATCH /sites/MORI/settings': (call) => ({
        status: 200,
        body: consoleSettings({
          version: 4,
          server: { ...consoleSettings().server, ...(call.body as { server: object }).server },
        }),
      }),
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/settings');
    await screen.findByRole('heading', { name: 'General' });
    const mode = screen.getByLabelText<HTMLSelectElement>('Mode');
    // The stored null shows as "Normal", the empty option.
    expect(mode.selectedOptions[0]!.textContent).toBe('Normal');
    expect([...mode.options].map((option) => option.textContent)).toEqual([
      'Normal',
      'Reconnect (patchy Wi-Fi)',
      'Demo',
    ]);

    await user.selectOptions(mode, 'reconnect');
    await user.click(screen.getByRole('button', { name: 'Save General' }));
    await screen.findByText(/^Saved\./);
    const patches = () => api.calls.filter((call) => call.method === 'PATCH');
    expect((patches()[0]!.body as { server: { mode: unknown } }).server.mode).toBe('reconnect');

    await user.selectOptions(screen.getByLabelText('Mode'), '');
    await user.click(screen.getByRole('button', { name: 'Save General' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect((patches()[1]!.body as { server: { mode: unknown } }).server.mode).toBeNull();
  });

  it('asks before another section replaces one with unsaved changes', async () => {
    fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/settings?section=general');
    const sections = await screen.findByRole('navigation', { name: 'Settings sections' });
    // Nothing changed yet: no question.
    await user.click(within(sections).getByRole('link', { name: 'Footer links' }));
    await screen.findByRole('heading', { name: 'Footer links' });
    expect(confirm).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Copyright line'), ' 2026');
    await user.click(within(sections).getByRole('link', { name: 'Images' }));
    expect(confirm).toHaveBeenCalledWith(
      'This section has changes that are not saved. Leave it and lose them?',
    );
    expect(screen.getByRole('heading', { name: 'Footer links' })).toBeTruthy();
    expect(window.location.hash).toBe('#/sites/MORI/settings?section=footer');
  });

  it('offers the latest settings instead of overwriting a newer save', async () => {
    let version = 3;
    fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': () => ({ status: 200, body: consoleSettings({ version }) }),
      'PATCH /sites/MORI/settings': () => {
        version = 9;
        return { status: 409, body: { error: 'console edit conflict' } };
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/settings?section=ticketDisplay');
    await user.click(await screen.findByRole('button', { name: 'Save Ticket display' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else saved these settings');
    await user.click(within(alert).getByRole('button', { name: 'Load the latest settings' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('works out the colours’ contrast as they are typed and keeps a failing pair from being sent', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/settings?section=calendar');
    const contrast = await screen.findByRole('list', { name: 'Contrast check' });
    // #ffffff on #1f3a5f: 11.8:1.
    expect(within(contrast).getAllByRole('listitem')[0]!.textContent).toMatch(
      /11\.\d\d:1 \(needs 4\.5:1\)Passes/,
    );

    const onPrimary = screen.getByLabelText('Text on primary colour');
    await user.clear(onPrimary);
    await user.type(onPrimary, '#2a4a70');
    const after = screen.getByRole('list', { name: 'Contrast check' });
    expect(within(after).getAllByRole('listitem')[0]!.textContent).toContain('Too low');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Save Calendar and colours' }));
    // The one failing pair's foreground field carries the problem.
    expect(await screen.findByText(/The contrast with its background is too low/)).toBeTruthy();
    expect(onPrimary.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it("shows the API's refusal of a script address at its field", async () => {
    fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
      'PATCH /sites/MORI/settings': {
        status: 400,
        body: {
          error: 'console script not allowed',
          issues: [{ path: 'settings.analytics.gatagKeyUrl', message: 'the host is not on the allow-list' }],
        },
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/settings?section=scripts');
    const url = await screen.findByLabelText('Analytics script address');
    // Refused here first: not https on the list.
    await user.type(url, 'http://evil.example/x.js');
    await user.click(screen.getByRole('button', { name: 'Save Tag manager and scripts' }));
    expect(
      await screen.findByText('Only https addresses on the allowed hosts can load a script.'),
    ).toBeTruthy();

    await user.clear(url);
    await user.type(url, 'https://www.googletagmanager.com/gtag/js');
    await user.click(screen.getByRole('button', { name: 'Save Tag manager and scripts' }));
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = url.getAttribute('aria-describedby')!.split(' ');
    const message = describedBy.map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(message).toMatch(/script/i);
    expect(document.activeElement).toBe(url);
  });

  it('shows a role with settings read the settings without a save', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
    });
    await renderConsole('#/sites/MORI/settings?section=payments');
    await screen.findByRole('heading', { name: 'Payment methods' });
    expect(screen.getByText('Your role can read these settings but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New site' })).toBeNull();
  });

  it('orders and switches payment methods per channel', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
      'PATCH /sites/MORI/settings': { status: 200, body: consoleSettings({ version: 4 }) },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/settings?section=payments');
    await user.click(await screen.findByRole('button', { name: 'Move stripe up' }));
    await user.click(screen.getByLabelText('Offer stripe (Web)'));
    await user.click(screen.getByRole('button', { name: 'Save Payment methods' }));
    await screen.findByText(/^Saved\./);
    const patch = api.calls.find((call) => call.method === 'PATCH')!;
    expect(patch.body).toEqual({
      expected_version: 3,
      payment_methods: [
        { channel: 'web', method: 'stripe', enabled: true },
        { channel: 'web', method: 'gmo', enabled: true },
      ],
    });
  });
});

describe('site settings: sign-in fields', () => {
  it('sends the fields in their new order and the select lists as shared names or own items', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
      'PATCH /sites/MORI/settings': { status: 200, body: consoleSettings({ version: 4 }) },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/settings?section=signIn');
    await user.click(await screen.findByRole('button', { name: 'Move email up' }));
    await user.click(screen.getByLabelText('fullname required'));
    await user.selectOptions(screen.getByLabelText('Source of Place of residence choices'), 'shared');
    await user.type(screen.getByLabelText('Shared list name for Place of residence choices'), 'prefectures');
    await user.click(screen.getByRole('button', { name: 'Add an item to Gender choices' }));
    await user.type(screen.getByLabelText('Gender choices: value of item 1'), 'woman');
    await user.type(screen.getByLabelText('Gender choices: item 1 English'), 'Woman');
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Save Sign-in fields' }));
    await screen.findByText(/^Saved\./);
    const body = api.calls.find((call) => call.method === 'PATCH')!.body as {
      field_templates: { field_name: string; is_require: boolean }[];
      settings: {
        signIn: { residentArea: unknown; genderOptions: { value: string; text: { en: string } }[] };
      };
    };
    expect(body.field_templates.map((field) => [field.field_name, field.is_require])).toEqual([
      ['email', true],
      ['fullname', false],
    ]);
    expect(body.settings.signIn.residentArea).toEqual({
      inputType: 'text',
      options: { list: 'prefectures' },
    });
    expect(body.settings.signIn.genderOptions).toHaveLength(1);
    expect(body.settings.signIn.genderOptions[0]!.value).toBe('woman');
    expect(body.settings.signIn.genderOptions[0]!.text.en).toBe('Woman');
  });
});

describe('site settings: languages', () => {
  it('adds a language, makes it the default and first, and sends the list in its order', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
      'PATCH /sites/MORI/settings': { status: 200, body: consoleSettings({ version: 4 }) },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/settings?section=languages');
    await user.click(await screen.findByRole('button', { name: 'Add a language' }));
    await user.click(screen.getByLabelText('English is the default'));
    await user.click(screen.getByRole('button', { name: 'Move English up' }));
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Save Languages' }));
    await screen.findByText(/^Saved\./);
    expect(api.calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      expected_version: 3,
      languages: [
        { code: 'en', display_name: 'English', is_default: true },
        { code: 'ja', display_name: '日本語', is_default: false },
      ],
      // The first-visit language rule of ADR 110, off as stored.
      settings: { language: { followBrowser: false } },
    });
  });

  it('refuses a language listed twice before sending', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/settings?section=languages');
    await user.click(await screen.findByRole('button', { name: 'Add a language' }));
    await user.selectOptions(screen.getByLabelText('Language 2'), 'ja');
    await user.click(screen.getByRole('button', { name: 'Save Languages' }));
    expect(await screen.findByText('This language is in the list twice.')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});

describe('site settings: images', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

  it('refuses a file that is not a picture before sending, and uploads a PNG after a preview', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
      'POST /sites/MORI/images': {
        status: 200,
        body: {
          purpose: 'print_logo',
          image: {
            url: `/site-images/${'a'.repeat(64)}.png`,
            sha256: 'a'.repeat(64),
            mime: 'image/png',
            width: 320,
            height: 80,
            bytes: 16,
          },
        },
      },
      'PATCH /sites/MORI/settings': { status: 200, body: consoleSettings({ version: 4 }) },
    });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = await renderConsole('#/sites/MORI/settings?section=images');
    const input = await screen.findByLabelText('Print logo', { selector: 'input[type="file"]' });

    await user.upload(
      input,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('This file is not a PNG, JPEG or WebP picture.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Print logo' })).toBeNull();

    await user.upload(input, new File([PNG], 'logo.png', { type: 'image/png' }));
    const preview = await screen.findByRole('img', { name: 'Preview of Print logo' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Upload Print logo' }));
    expect(await screen.findByText(/Uploaded \(320 × 80 pixels\)/)).toBeTruthy();
    const upload = api.calls.find((call) => call.path === '/sites/MORI/images')!;
    expect(upload.body).toEqual({ purpose: 'print_logo', data_base64: btoa(String.fromCharCode(...PNG)) });

    await user.click(screen.getByRole('button', { name: 'Save Images' }));
    await screen.findByText(/^Saved\./);
    const patch = api.calls.find((call) => call.method === 'PATCH')!.body as {
      settings: { images: { printLogo: string } };
    };
    expect(patch.settings.images.printLogo).toBe(`/site-images/${'a'.repeat(64)}.png`);
  });

  it('refuses a file over 2 MB before reading it', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/settings': { status: 200, body: consoleSettings() },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/settings?section=images');
    const input = await screen.findByLabelText('Header logo, black', { selector: 'input[type="file"]' });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    await user.upload(input, new File([big], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('This file is larger than 2 MB.')).toBeTruthy();
    expect(api.calls.some((call) => call.path.endsWith('/images'))).toBe(false);
  });
});

describe('site settings: secrets', () => {
  it('shows set or not set, never a value, and asks for the password again to save one', async () => {
    let reauthenticated = false;
    let stored = false;
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/secrets': () => ({
        status: 200,
        body: {
          secrets: [
            {
              name: 'gmo_shop_pass',
              set: stored,
              changed_at: stored ? '2026-11-28T08:00:00Z' : null,
              changed_by: stored ? { id: 7, name: 'Demo owner' } : null,
            },
          ],
        },
      }),
      'PUT /sites/MORI/secrets/gmo_shop_pass': () => {
        if (!reauthenticated) return { status: 401, body: { error: 'console reauthentication required' } };
        stored = true;
        return {
          status: 200,
          body: {
            secret: {
              name: 'gmo_shop_pass',
              set: true,
              changed_at: '2026-11-28T08:00:00Z',
              changed_by: null,
            },
          },
        };
      },
      'POST /session/reauthenticate': () => {
        reauthenticated = true;
        return { status: 200, body: { reauthenticatedUntil: '2026-11-28T08:05:00Z' } };
      },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/settings?section=secrets');
    const field = await screen.findByLabelText('New value for gmo_shop_pass');
    expect((field as HTMLInputElement).value).toBe('');
    expect(field.getAttribute('type')).toBe('password');
    // Known secrets are listed even when the site has none yet.
    expect(screen.getByLabelText('New value for stripe_secret_key')).toBeTruthy();
    expect(screen.getAllByText('Not set').length).toBeGreaterThan(1);
    await expectNoAxeViolations(container);

    await user.type(field, 'shop-pass-123');
    await user.click(screen.getByRole('button', { name: 'Save gmo_shop_pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Saved. The value is not shown again.')).toBeTruthy();
    expect((screen.getByLabelText('New value for gmo_shop_pass') as HTMLInputElement).value).toBe('');
    expect(await screen.findByText(/Last changed .* by Demo owner/)).toBeTruthy();
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toEqual({ value: 'shop-pass-123' });
    expect(document.body.textContent).not.toContain('shop-pass-123');
  });
});

describe('site settings: site texts', () => {
  it('sends nothing when nothing changed, and says so', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/texts': { status: 200, body: consoleTexts() },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/settings?section=texts');
    await user.click(await screen.findByRole('button', { name: 'Save Site texts' }));
    expect(await screen.findByText('Nothing has changed: nothing was sent.')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('previews unsaved changes and saves only what changed', async () => {
    const api = fakeConsoleApi({
      'GET /session': OWNER,
      'GET /sites/MORI/texts': { status: 200, body: consoleTexts() },
      'POST /sites/MORI/texts/preview': (call) => ({
        status: 200,
        body: {
          document: 'terms',
          lang: 'en',
          title: 'Terms of use',
          intro: 'Our own intro (en)',
          sections: [
            { title: 'Tickets', text: (call.body as { changes: { text: string }[] }).changes[0]!.text },
          ],
          external_url: null,
        },
      }),
      'PATCH /sites/MORI/texts': { status: 200, body: { ...consoleTexts(), version: 6 } },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/settings?section=texts');
    const text = await screen.findByLabelText('Part 1: text English');
    await user.type(text, 'Tickets are valid on the day shown.');
    await user.click(screen.getByRole('button', { name: 'Show preview' }));
    const preview = await screen.findByRole('article', { name: 'Preview of Terms of use' });
    expect(preview.textContent).toContain('Tickets are valid on the day shown.');
    await expectNoAxeViolations(container);

    // Emptying the site's own intro gives the shared text back (null).
    await user.clear(screen.getByLabelText('Introduction 日本語'));
    await user.click(screen.getByRole('button', { name: 'Save Site texts' }));
    await screen.findByText(/^Saved\./);
    expect(api.calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      expected_version: 5,
      changes: [
        { key: 'legal_terms_intro', lang: 'ja', text: null },
        { key: 'legal_terms_tickets_text', lang: 'en', text: 'Tickets are valid on the day shown.' },
      ],
    });
  });
});
