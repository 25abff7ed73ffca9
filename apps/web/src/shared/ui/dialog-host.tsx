import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasCancelButton, useDialogStore, type Dialog } from '../stores/dialog-store.ts';
import './dialog-host.css';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Generic English wording the spec fixes for the connection error, used if texts failed to load. */
const FALLBACKS: Record<string, string> = {
  error_dialog_connection_title: 'We were unable to connect to the server',
  error_dialog_connection_text: 'The connection is unstable. Please try again.',
  error_dialog_ok: 'OK',
};

function useText() {
  const { t } = useTranslation();
  return (text: string | undefined, key: string | undefined) =>
    text ?? (key ? t(key, { defaultValue: FALLBACKS[key] ?? key }) : '');
}

/** Shows the first queued dialog only (spec §4) as an accessible modal. */
export function DialogHost() {
  const first = useDialogStore((state) => state.dialogs[0]);
  return first ? <ModalDialog key={first.number} dialog={first} /> : null;
}

function ModalDialog({ dialog }: { dialog: Dialog }) {
  const text = useText();
  const { ok, close } = useDialogStore.getState();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = `dialog-title-${dialog.number}`;
  const textId = `dialog-text-${dialog.number}`;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(dialog.number);
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const firstItem = focusable[0];
    const lastItem = focusable[focusable.length - 1];
    if (!firstItem || !lastItem) return;
    if (event.shiftKey && document.activeElement === firstItem) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  const body = text(dialog.text, dialog.textKey);
  return (
    <div className="dialog-backdrop" data-app-layer>
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={body ? textId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {text(dialog.title, dialog.titleKey)}
        </h2>
        {body ? (
          <p id={textId} className="dialog__text">
            {body}
          </p>
        ) : null}
        <div className="dialog__actions">
          {hasCancelButton(dialog) ? (
            <button type="button" className="button button--secondary" onClick={() => close(dialog.number)}>
              {text(dialog.ngButtonText, dialog.ngButtonTextKey)}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            data-autofocus
            onClick={() => ok(dialog.number)}
          >
            {text(dialog.okButtonText, dialog.okButtonTextKey ?? 'error_dialog_ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
