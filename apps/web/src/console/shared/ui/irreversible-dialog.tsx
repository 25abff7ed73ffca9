import { useState, type ReactNode } from 'react';
import { useConsoleI18n } from '../i18n/console-i18n.tsx';
import { Dialog } from './dialog.tsx';

/**
 * The confirmation before something that cannot be undone (erasing a member, ADR 124; a purchase's personal
 * data, ADR 122): what it does, what goes, a warning, an "I understand" tick without which the danger button
 * stays disabled, and cancel. The feature brings its own texts, lists and error sentence, and sends the request
 * itself (the password asked again is the console client's, after the first answer).
 */
export function IrreversibleDialog({
  title,
  intro,
  children,
  warning,
  passwordHint,
  understood,
  submit,
  error,
  pending,
  className,
  onConfirm,
  onClose,
}: {
  title: string;
  intro: string;
  /** What goes (and what stays): the feature's lists. */
  children: ReactNode;
  warning: string;
  /** Said before the tick when the server asks the password again. */
  passwordHint?: string;
  understood: string;
  submit: string;
  /** The last attempt's failure, in the feature's own words (its notice renders nothing without one). */
  error: ReactNode;
  pending: boolean;
  /** A class on the form, for a feature's wider dialog. */
  className?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useConsoleI18n();
  const [ticked, setTicked] = useState(false);
  return (
    <Dialog title={title} onClose={onClose}>
      <form
        className={className}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (ticked) onConfirm();
        }}
      >
        <p>{intro}</p>
        {children}
        <p>
          <strong>{warning}</strong>
        </p>
        {passwordHint ? <p className="c-field__hint">{passwordHint}</p> : null}
        <label className="c-understood">
          <input type="checkbox" checked={ticked} onChange={(event) => setTicked(event.target.checked)} />
          <span>{understood}</span>
        </label>
        {error}
        <p className="c-actions">
          <button className="c-button c-button--danger" type="submit" disabled={!ticked || pending}>
            {submit}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
