/**
 * Whether the visitor had a language for this site when the page started: stored in the tab (spec §3), in
 * the language cookie (ADR 041), or named by `?lang=`. Start-up notes it before the spec's rule stores the
 * default, so a screen can tell a first visit (the spot landing then offers the six languages first, ADR 110).
 */
let stored = true;

export function noteLanguageStored(value: boolean): void {
  stored = value;
}

export function languageWasStored(): boolean {
  return stored;
}
