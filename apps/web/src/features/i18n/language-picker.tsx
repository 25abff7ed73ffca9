import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@kippu/contract/endpoints/langs';
import type { LangCode } from '@kippu/contract/enums';
import { htmlLang } from '@kippu/contract/html-lang';
import { byDisplayPosition } from '../../shared/sort/by-display-position.ts';
// Styles: ./language-picker.css, one of the page's own (src/main.ts).

type Props = { languages: Language[]; value: LangCode; onChange: (code: string) => void };

/** Native select of the site's languages in display order (spec §2). */
export function LanguagePicker({ languages, value, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const sorted = [...languages].sort(byDisplayPosition);
  if (sorted.length === 0) return null;
  return (
    <div className="language-picker">
      <svg className="language-picker__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <select
        id={id}
        className="language-picker__select"
        data-testid="language-picker"
        aria-label={t('common_language')}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      >
        {sorted.map((language) => (
          <option key={language.code} value={language.code} lang={htmlLang(language.code)}>
            {language.display_name}
          </option>
        ))}
      </select>
      <svg className="language-picker__chevron" viewBox="0 0 10 6" width="10" height="6" aria-hidden="true">
        <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </div>
  );
}
