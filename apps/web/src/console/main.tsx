import './console.css';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/console-app.tsx';
import { initialConsoleLang, loadConsoleTexts, rememberConsoleLang } from './shared/i18n/console-i18n.tsx';

// The texts come first (one small chunk): the first screen is drawn once, in its language.
const lang = initialConsoleLang();
const texts = await loadConsoleTexts(lang);
rememberConsoleLang(lang);
createRoot(document.getElementById('root')!).render(<ConsoleApp initialLang={lang} initialTexts={texts} />);
