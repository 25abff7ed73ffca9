import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './first-visit-dialog.css';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';
/**
 * The app's own layers stay live behind a guide: the toast (still announced) and an app dialog (a refused hold,
 * a session time-out) that must stay reachable, since it says something the visitor must act on.
 */
const APP_LAYERS = '[data-app-layer]';

type Props = {
  /** The id of the heading that names the dialog (aria-labelledby). */
  titleId: string;
  /** The id of the text that describes it, if any (aria-describedby). */
  describedById?: string;
  /** Escape and the close button call it; the guide's own buttons call it too. */
  onClose: () => void;
  className?: string;
  children: ReactNode;
};

/**
 * The modal shell of the first-visit guides (ADR 105): a labelled dialog that takes focus (its
 * `[data-autofocus]` control, else the panel), keeps Tab inside, closes on Escape and gives focus back to
 * what had it. The rest of the page is `inert` while it is open, so neither a pointer nor a screen
 * reader's cursor reaches what lies behind it, except the app's own layers (`data-app-layer`: the toast, an app
 * dialog), which stay live.
 */
export function FirstVisitDialog({ titleId, describedById, onClose, className, children }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);

  // Escape closes the guide wherever focus is, also on <body> after a click on the backdrop. An app dialog over
  // the guide handles its own Escape first (and prevents the default), so it is not the guide that closes then.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const target = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current;
    target?.focus();
    // Everything beside the dialog's own backdrop, in the app's root, becomes inert while it is open.
    const root = backdrop.current?.parentElement;
    const others = root
      ? [...root.children].filter(
          (child): child is HTMLElement =>
            child instanceof HTMLElement &&
            child !== backdrop.current &&
            !child.inert &&
            !child.matches(APP_LAYERS),
        )
      : [];
    others.forEach((element) => (element.inert = true));
    return () => {
      others.forEach((element) => (element.inert = false));
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div ref={backdrop} className="dialog-backdrop first-visit-backdrop">
      <div
        ref={panel}
        className={`dialog first-visit-dialog${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedById}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
