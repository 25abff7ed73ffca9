import { useId, type ReactNode, type InputHTMLAttributes } from 'react';
import { useConsoleI18n } from '../i18n/console-i18n.tsx';
import { errorText } from './error-text.ts';

/** A screen's frame: its title (the one h1) and what it holds. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="c-page" aria-labelledby="c-page-title">
      <header className="c-page__head">
        <h1 id="c-page-title" className="c-page__title" tabIndex={-1}>
          {title}
        </h1>
        {actions ? <div className="c-page__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input whose error and hint are announced with it (aria-describedby). */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const described = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="c-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className="c-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="c-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A failed call's message, read out when it appears. */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t } = useConsoleI18n();
  if (!error) return null;
  return (
    <p className="c-notice c-notice--error" role="alert">
      {errorText(t, error)}
    </p>
  );
}

export function Loading() {
  const { t } = useConsoleI18n();
  return (
    <p className="c-loading" role="status">
      {t('loading')}
    </p>
  );
}

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** A long unbroken value (an e-mail address) that may break anywhere rather than widen the table. */
  breakAnywhere?: boolean;
}

/**
 * A plain, accessible table: a caption, column headers with scope, numbers aligned right; it scrolls on its
 * own on a narrow screen instead of squeezing the page.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: string;
}) {
  return (
    <div className="c-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="c-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'c-num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="c-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={column.numeric ? 'c-num' : column.breakAnywhere ? 'c-break' : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
