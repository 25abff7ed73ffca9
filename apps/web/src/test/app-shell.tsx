// The app layer's parts a screen's test mounts around the screen, as app/ does in the product. Feature files
// never import app/ (ADR 062); their tests take the app's behaviour from here, the test harness, like
// render.tsx takes its providers.
import { useErrorNavigation } from '../app/use-error-navigation.ts';

export { prefetchRouteData } from '../app/prefetch-route-data.ts';
export { createQueryClient } from '../app/providers.tsx';

/** The root layout's error navigation, which a dialog's close follows unless the screen decides. */
export function ErrorNavigation() {
  useErrorNavigation();
  return null;
}
