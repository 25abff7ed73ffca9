import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_PRICE_YEN } from '@kippu/contract/console/catalogue-products';
import { ConsoleApiError } from '../../shared/api/console-client.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Field } from '../../shared/ui/ui.tsx';
import { ConflictOrError } from './conflict.tsx';

// Parts the products list, the ticket types and the set products share.

/** Up and down for a row of an ordered table; each names the row for a screen reader. */
export function MoveButtons({
  index,
  count,
  name,
  disabled,
  onMove,
}: {
  index: number;
  count: number;
  name: string;
  disabled: boolean;
  onMove: (index: number, by: -1 | 1) => void;
}) {
  const { t } = useConsoleI18n();
  return (
    <>
      <button
        className="c-button c-button--small"
        type="button"
        disabled={index === 0 || disabled}
        aria-label={t('products_move_up', { name })}
        onClick={() => onMove(index, -1)}
      >
        ↑
      </button>
      <button
        className="c-button c-button--small"
        type="button"
        disabled={index === count - 1 || disabled}
        aria-label={t('products_move_down', { name })}
        onClick={() => onMove(index, 1)}
      >
        ↓
      </button>
    </>
  );
}

/** The message of a price out of range (zero to MAX_PRICE_YEN). */
export function usePriceMessage(): string {
  const { t } = useConsoleI18n();
  return t('products_invalid_price', { max: MAX_PRICE_YEN.toLocaleString() });
}

/** The paths of a failed write's field `issues` (none for another error). */
export function issuePaths(error: unknown): string[] {
  return error instanceof ConsoleApiError ? error.issues.map((issue) => issue.path) : [];
}

/** A price in yen (whole, zero to MAX_PRICE_YEN). */
export function PriceField({
  error,
  hint,
  registration,
}: {
  error: string | undefined;
  hint?: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useConsoleI18n();
  return (
    <Field
      label={t('products_price_yen')}
      type="number"
      min={0}
      max={MAX_PRICE_YEN}
      step={1}
      hint={hint}
      error={error}
      {...registration}
    />
  );
}

/** A dialog that edits one row: its form, the write's error (with reload on a conflict), Save and Cancel. */
export function EditDialog({
  title,
  onClose,
  onSubmit,
  error,
  onReload,
  pending,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: unknown;
  onReload: () => unknown;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useConsoleI18n();
  return (
    <Dialog title={title} onClose={onClose}>
      <form noValidate onSubmit={onSubmit}>
        {children}
        <ConflictOrError error={error} onReload={onReload} />
        <div className="c-actions">
          <button className="c-button c-button--primary" type="submit" disabled={pending}>
            {t('save')}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
