import { errorCodeOf } from '@kippu/contract/errors';
import { useDialogStore, type DialogInput } from '../stores/dialog-store.ts';

/**
 * The localized dialog for a server error body (spec §8): a known `{ error }` string maps to its
 * catalogue code's texts; anything else is the generic connection error.
 */
export function errorDialogFor(body: unknown): DialogInput {
  const message =
    typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : undefined;
  const code = errorCodeOf(message);
  const prefix = code ? `error_dialog_${code}` : 'error_dialog_connection';
  return { titleKey: `${prefix}_title`, textKey: `${prefix}_text`, okButtonTextKey: 'error_dialog_ok' };
}

export function showErrorDialog(body: unknown): number {
  return useDialogStore.getState().open(errorDialogFor(body));
}
