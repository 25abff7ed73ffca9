import { useTranslation } from 'react-i18next';
import { LANG_CODES, type LangCode } from '@kippu/contract/enums';
import { htmlLang } from '@kippu/contract/html-lang';
import { bundledTexts } from '@kippu/contract/format/placeholders';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { changeLanguage } from '../../../shared/i18n/language-rules.ts';
import { byDisplayPosition } from '../../../shared/sort/by-display-position.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { SpotPanel } from '../spot-frame.tsx';
// The question is asked in every language at once, whatever the page's: its words are bundled (as the poster's).
import en from '../../../../../../packages/contract/texts/spot/en.json' with { type: 'json' };
import ja from '../../../../../../packages/contract/texts/spot/ja.json' with { type: 'json' };
import kr from '../../../../../../packages/contract/texts/spot/kr.json' with { type: 'json' };
import th from '../../../../../../packages/contract/texts/spot/th.json' with { type: 'json' };
import zhHans from '../../../../../../packages/contract/texts/spot/zh-hans.json' with { type: 'json' };
import zhHant from '../../../../../../packages/contract/texts/spot/zh-hant.json' with { type: 'json' };

const spotText = bundledTexts<keyof typeof en>({ ja, en, 'zh-hans': zhHans, kr, 'zh-hant': zhHant, th });

/**
 * The spot landing's first question when this browser has no language for the site (ADR 110): the site's
 * languages as big buttons, each in its own name, the question in all six. The page's own language goes on
 * at once (`onChosen`); another opens the page in it (the language change of spec §4).
 */
export function SpotLanguageChoice({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation();
  const active = useActiveLang();
  const languages = [...useCoreStore((state) => state.languages)].sort(byDisplayPosition);
  const choose = (code: LangCode) => {
    if (changeLanguage(code, active) === active) onChosen();
  };
  const others = LANG_CODES.filter((lang) => lang !== active);
  return (
    <SpotPanel title={t('spot_language_title')} id="spot-language">
      <p className="spot-panel__text spot-languages__question">
        {others.map((lang) => (
          <span key={lang} lang={htmlLang(lang)}>
            {spotText(lang, 'spot_language_title')}{' '}
          </span>
        ))}
      </p>
      <ul className="spot-languages" aria-label={t('spot_language_title')}>
        {languages.map((language) => (
          <li key={language.code}>
            <button
              type="button"
              className={`button ${language.code === active ? 'button--primary' : 'button--secondary'}`}
              lang={htmlLang(language.code)}
              aria-current={language.code === active ? 'true' : undefined}
              onClick={() => choose(language.code)}
            >
              {language.display_name}
            </button>
          </li>
        ))}
      </ul>
    </SpotPanel>
  );
}
