import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { LangCode } from '@kippu/contract/enums';
import { localizedTextSchema, type LocalizedText } from '@kippu/contract/i18n-text';
import { ConsoleI18nProvider, loadConsoleTexts } from '../i18n/console-i18n.tsx';
import { LocalizedTextController, missingLanguages } from './localized-text-fields.tsx';

const schema = z.object({
  name: localizedTextSchema.extend({ ja: z.string().min(1, 'Japanese is needed') }),
});
type Values = z.infer<typeof schema>;

function NameForm({ initial, onSave }: { initial: LocalizedText; onSave: (values: Values) => void }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: initial } });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSave)}>
      <LocalizedTextController control={form.control} name="name" label="Product name" />
      <button type="button" onClick={() => form.setError('name.th', { message: 'Too long in Thai' })}>
        Server says
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

async function renderIn(lang: LangCode, initial: LocalizedText, onSave: (values: Values) => void = () => {}) {
  const texts = await loadConsoleTexts(lang);
  return render(
    <ConsoleI18nProvider lang={lang} texts={texts} setLang={() => {}}>
      <NameForm initial={initial} onSave={onSave} />
    </ConsoleI18nProvider>,
  );
}

const partly: LocalizedText = {
  ja: '常設展',
  en: 'Permanent',
  'zh-hans': '',
  kr: ' ',
  'zh-hant': '常設展',
  th: '',
};

describe('LocalizedTextFields', () => {
  it('names the missing languages (blank counts) in the product order', () => {
    expect(missingLanguages(partly)).toEqual(['zh-hans', 'kr', 'th']);
    expect(missingLanguages(undefined)).toEqual(['ja', 'en', 'zh-hans', 'kr', 'zh-hant', 'th']);
  });

  it('shows six labelled fields, marks the missing ones in words, and edits through react-hook-form', async () => {
    const user = userEvent.setup();
    const saved: Values[] = [];
    const { container } = await renderIn('en', partly, (values) => saved.push(values));
    const group = screen.getByRole('group', { name: 'Product name' });
    // Each field's name carries the text's name and the language, marked as that language.
    const english = within(group).getByLabelText('Product name English');
    expect((english as HTMLInputElement).value).toBe('Permanent');
    expect(english.getAttribute('lang')).toBe('en');
    const thai = within(group).getByLabelText('Product name ไทย');
    expect(thai.getAttribute('lang')).toBe('th');
    expect(within(group).getAllByRole('textbox')).toHaveLength(6);
    // The mark is words, read with the field; the summary lists the languages.
    expect(thai.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(thai.getAttribute('aria-describedby')!)!.textContent).toBe('Missing');
    expect(english.getAttribute('aria-describedby')).toBeNull();
    expect(within(group).getAllByText('Missing')).toHaveLength(3);
    expect(within(group).getByText('Missing languages: 简体中文, 한국어, ไทย')).toBeTruthy();

    await user.type(thai, 'นิทรรศการ');
    expect(within(group).getAllByText('Missing')).toHaveLength(2);
    expect(within(group).getByText('Missing languages: 简体中文, 한국어')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ name: { ...partly, th: 'นิทรรศการ' } }]);

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.passes.length).toBeGreaterThan(0);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it("shows zod's and the API's errors by the language they concern", async () => {
    const user = userEvent.setup();
    const saved: Values[] = [];
    await renderIn('en', { ...partly, ja: '' }, (values) => saved.push(values));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const japanese = await screen.findByLabelText('Product name 日本語');
    expect(await screen.findByText('Japanese is needed')).toBeTruthy();
    expect(japanese.getAttribute('aria-invalid')).toBe('true');
    expect(japanese.getAttribute('aria-describedby')).toContain(screen.getByText('Japanese is needed').id);
    expect(saved).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Server says' }));
    const thai = screen.getByLabelText('Product name ไทย');
    expect(thai.getAttribute('aria-describedby')).toContain((await screen.findByText('Too long in Thai')).id);
  });

  it('says every language is there, in the staff member’s language', async () => {
    const full: LocalizedText = { ja: 'a', en: 'b', 'zh-hans': 'c', kr: 'd', 'zh-hant': 'e', th: 'f' };
    await renderIn('ja', full);
    expect(screen.queryByText('未入力')).toBeNull();
    expect(screen.getByText('6言語すべて入力済み')).toBeTruthy();
  });
});
