import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { languages } from '../../test/site-settings-fixture.ts';
import { LanguagePicker } from './language-picker.tsx';

describe('LanguagePicker', () => {
  it('lists languages by display position, labelled in the current language', async () => {
    await renderWithProviders(
      <LanguagePicker languages={languages} value="ja" onChange={() => undefined} />,
      'ja',
    );
    const picker = screen.getByTestId('language-picker') as HTMLSelectElement;
    expect(picker.tagName).toBe('SELECT');
    expect(picker.getAttribute('aria-label')).toBe('言語');
    expect([...picker.options].map((option) => option.textContent)).toEqual(['日本語', 'English', 'ไทย']);
    expect(picker.value).toBe('ja');
  });

  it('tags each option with its BCP 47 language so screen readers pronounce it right', async () => {
    const all = (['ja', 'en', 'zh-hans', 'kr', 'zh-hant', 'th'] as const).map((code, index) => ({
      id: index + 1,
      code,
      display_name: code,
      display_position: index + 1,
      is_default: code === 'ja',
    }));
    await renderWithProviders(<LanguagePicker languages={all} value="ja" onChange={() => undefined} />);
    const picker = screen.getByTestId('language-picker') as HTMLSelectElement;
    // kr is the product's code for Korean; as a tag it would mean Kanuri.
    expect([...picker.options].map((option) => option.lang)).toEqual([
      'ja',
      'en',
      'zh-Hans',
      'ko',
      'zh-Hant',
      'th',
    ]);
  });

  it('reports the chosen language code', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<LanguagePicker languages={languages} value="ja" onChange={onChange} />);
    await userEvent.selectOptions(screen.getByTestId('language-picker'), 'th');
    expect(onChange).toHaveBeenCalledWith('th');
  });
});
