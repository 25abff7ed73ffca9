import type { ConfigurationResponse } from '@kippu/contract/site-settings';

/** A screen as the registry looks at it: the page's snapshot for one site configuration. */
export type Look = (config: ConfigurationResponse) => Promise<string>;

/** A per-site setting, who reads it, and how to see that it does something. */
export type SettingEntry = {
  /** The setting's dotted path in `siteSettingsSchema`, or `mode=<value>` for the configuration's mode. */
  path: string;
  /** The files (under apps/web/src) that read it; each must name the setting's last key. */
  readers: string[];
  /** The configuration with this setting changed to a value a visitor would notice. */
  flip: (config: ConfigurationResponse) => ConfigurationResponse;
  look: Look;
};

/** A stored value of spec §3, who reads it, and how to see that it does something. */
export type StoredEntry = {
  /** `<store name>.<key>` for a persisted store's key, or the bare storage key's name. */
  key: string;
  readers: string[];
  /** What else storage holds in both looks, where the value only shows beside it. */
  given?: () => void;
  /** Writes the value to the browser's storage as the product would have left it (before the page loads). */
  store: () => void;
  /** Loads the page (the stores read their storage) and answers its snapshot. */
  look: () => Promise<string>;
};

/** A setting or stored value nothing reads yet, and who is making something read it (or "lead decides"). */
export type Awaiting = { key: string; owner: string; note: string };
