import { createContext, useContext, useEffect } from 'react';

/**
 * Whether the shown section has changes not yet saved: the screen asks before another section replaces it
 * (and the browser before the page is left), since a section's edits live only in its form.
 */
export const UnsavedChanges = createContext<{ current: boolean } | null>(null);

/** Reports a section's unsaved state to the screen, and warns before the page is closed with it. */
export function useReportUnsaved(dirty: boolean): void {
  const shared = useContext(UnsavedChanges);
  useEffect(() => {
    if (shared) shared.current = dirty;
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (shared) shared.current = false;
    };
  }, [dirty, shared]);
}
