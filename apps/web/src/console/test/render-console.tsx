import { render } from '@testing-library/react';
import type { LangCode } from '@kippu/contract/enums';
import { ConsoleApp, createConsoleQueryClient } from '../app/console-app.tsx';
import { loadConsoleTexts } from '../shared/i18n/console-i18n.tsx';

/** The whole console at a hash, in a language, with a fresh query cache (fetch faked by the test). */
export async function renderConsole(hash: string, lang: LangCode = 'en') {
  window.location.hash = hash;
  const texts = await loadConsoleTexts(lang);
  const queryClient = createConsoleQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(<ConsoleApp initialLang={lang} initialTexts={texts} queryClient={queryClient} />);
}
