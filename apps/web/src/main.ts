// The styles of the served page's first paint (the layout's header and the screen placeholder the server
// draws, ADR 037): inlined in the page (build/inline-page-styles.ts), so that paint needs no script and no
// stylesheet. Imported here only, not by their components: a stylesheet a lazy chunk imports too becomes one
// of its load's dependencies, which the chunk's import waits for, although the page has the rules already.
import './styles/global.css';
import './app/layout/root-layout.css';
import './app/layout/site-header.css';
import './features/sites/site-logo.css';
import './features/i18n/language-picker.css';
import './shared/ui/screen-hero.css';
import { afterFirstPaint } from './app/after-first-paint.ts';
import { loadApp } from './app/load-app.ts';
import { waitAtMost } from './app/wait-at-most.ts';
import { yieldToBrowser } from './app/yield-to-browser.ts';
import { isOrderScreenHash, isTicketPageHash } from './app/first-screen-hash.ts';

// The app's scripts download from the start (modulepreload, build/preload-app.ts) but run only after the
// browser has painted the server's first paint: evaluating them is the longest task of a page load on a
// slow phone, and it would otherwise come first.
await afterFirstPaint();
// The first screen's chunk downloads beside the app, not once the app has run: the ticket page's QR codes
// are its largest paint, and the order screen is where most visitors land (issue 12). The downloaded chunks
// then run in tasks of their own, React first, then the screen, then the app: evaluating them all at once was
// the longest task of a page load. A failed load is the route's to report.
const hash = window.location.hash;
const firstScreen = isTicketPageHash(hash)
  ? import('./features/tickets/screens/ticket-screen.tsx')
  : isOrderScreenHash(hash)
    ? import('./features/booking/screens/order-screen.tsx')
    : null;
// At most FIRST_SCREEN_WAIT_MS each: a chunk that stalls must not hold the app back (its route reports it).
const FIRST_SCREEN_WAIT_MS = 1000;
await waitAtMost(import('react-dom/client'), FIRST_SCREEN_WAIT_MS);
await yieldToBrowser();
if (firstScreen) {
  await waitAtMost(firstScreen, FIRST_SCREEN_WAIT_MS);
  await yieldToBrowser();
}
await loadApp(() => import('./app/start-app.tsx'));
