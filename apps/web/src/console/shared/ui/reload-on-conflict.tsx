import { isApiError } from '../api/is-api-error.ts';
import { ErrorNotice } from './ui.tsx';
import './reload-on-conflict.css';

/**
 * A failed write's message; for a version conflict (console_edit_conflict), with the way out: a button that
 * loads what is saved now. For the lazy feature screens (it reads the contract's error catalogue).
 */
export function ReloadOnConflict({
  error,
  onReload,
  reloadLabel,
}: {
  error: unknown;
  onReload: () => unknown;
  /** The button's text (the feature's "Load the saved version"). */
  reloadLabel: string;
}) {
  if (!error) return null;
  return (
    <div className="c-reload-conflict">
      <ErrorNotice error={error} />
      {isApiError(error, 'console_edit_conflict') ? (
        <button className="c-button" type="button" onClick={() => void onReload()}>
          {reloadLabel}
        </button>
      ) : null}
    </div>
  );
}
