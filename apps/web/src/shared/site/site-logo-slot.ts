import { createContext, type ComponentType } from 'react';
import type { SiteSettings } from '@kippu/contract/site-settings';

export type SiteLogoProps = {
  name: string;
  settings: Pick<SiteSettings, 'kind' | 'name' | 'theme' | 'logo'>;
};

/**
 * The site's drawn logo for features other than the header (the print logo, issue 32): a feature never
 * imports another (ADR 062), so the app's providers put features/sites' SiteLogo here.
 */
export const SiteLogoSlot = createContext<ComponentType<SiteLogoProps> | null>(null);
