import { use, useMemo, type ReactNode } from 'react';
import type { LangCode } from '@kippu/contract/enums';
import { ConsoleI18nProvider, useConsoleI18n, type ConsoleTexts } from './console-i18n.tsx';

/** A feature's texts by language, loaded with its screen: the console's first screen never carries them. */
export interface FeatureTexts {
  /** The feature's folder, for messages and the texts test. */
  feature: string;
  load: (lang: LangCode) => Promise<ConsoleTexts>;
}

/**
 * A feature's `texts/<lang>.json` files as one loader, each language its own chunk. Call it in the feature's
 * `texts.ts` with `import.meta.glob<ConsoleTexts>('./texts/*.json', { import: 'default' })` (Vite needs the
 * literal there); keys are the feature's own and never repeat the shell's (console-texts.test.ts checks).
 */
export function featureTexts(
  feature: string,
  files: Record<string, () => Promise<ConsoleTexts>>,
): FeatureTexts {
  const loaded = new Map<LangCode, Promise<ConsoleTexts>>();
  return {
    feature,
    load(lang) {
      let texts = loaded.get(lang);
      if (!texts) {
        const file = files[`./texts/${lang}.json`];
        texts = file ? file() : Promise.reject(new Error(`${feature} has no texts/${lang}.json`));
        // A failed download is not kept: showing the screen again tries again.
        texts.catch(() => loaded.delete(lang));
        loaded.set(lang, texts);
      }
      return texts;
    },
  };
}

/**
 * Several texts as one, each language loaded once: a feature's own with a shared part's (shared/actors' words
 * for an audit event's actor, used by two features). The same promise per language, as WithFeatureTexts's
 * `use` needs; a failed download is not kept.
 */
export function combinedTexts(...parts: FeatureTexts[]): FeatureTexts {
  const loaded = new Map<LangCode, Promise<ConsoleTexts>>();
  return {
    feature: parts.map((part) => part.feature).join('+'),
    load(lang) {
      let texts = loaded.get(lang);
      if (!texts) {
        texts = Promise.all(parts.map((part) => part.load(lang))).then((all): ConsoleTexts =>
          Object.assign({}, ...all),
        );
        texts.catch(() => loaded.delete(lang));
        loaded.set(lang, texts);
      }
      return texts;
    },
  };
}

/**
 * Renders its children with the feature's texts added to the console's, in the current language: it suspends
 * (the screen's loading state) while they download, and again after a language switch.
 */
export function WithFeatureTexts({ texts, children }: { texts: FeatureTexts; children: ReactNode }) {
  const { lang, setLang, texts: shell } = useConsoleI18n();
  const own = use(texts.load(lang));
  const merged = useMemo(() => ({ ...shell, ...own }), [shell, own]);
  return (
    <ConsoleI18nProvider lang={lang} texts={merged} setLang={setLang}>
      {children}
    </ConsoleI18nProvider>
  );
}
