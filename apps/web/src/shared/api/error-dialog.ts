import { useDialogStore, type DialogInput } from '../stores/dialog-store.ts';
import { serverErrorCode } from './api-error.ts';
import { errorDestinationFor, followErrorDestination, type FailedCall } from './error-navigation.ts';

/**
 * The localized dialog for a server error body (spec §8): a known `{ error }` string maps to its
 * catalogue code's texts; anything else is the generic connection error.
 */
export function errorDialogFor(body: unknown): DialogInput {
  const code = serverErrorCode(body);
  const prefix = code ? `error_dialog_${code}` : 'error_dialog_connection';
  return { titleKey: `${prefix}_title`, textKey: `${prefix}_text`, okButtonTextKey: 'error_dialog_ok' };
}

/**
 * Opens the error's dialog. When `call` is given and the error leads elsewhere (error-navigation.ts),
 * closing the dialog goes there: OK and Escape alike, so no visitor stays on a screen whose order is gone.
 */
export function showErrorDialog(body: unknown, call?: FailedCall): number {
  const dialog = errorDialogFor(body);
  const destination = call ? errorDestinationFor(body, call) : null;
  if (destination) dialog.onClose = () => followErrorDestination(destination);
  return useDialogStore.getState().open(dialog);
}
