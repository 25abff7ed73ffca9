import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/** A checkbox with its label after it; its hint read with it. */
export function Check({
  label,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="ss-check">
      <input id={id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="c-field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled select with its error (aria-describedby), like ui.tsx's Field. */
export function SelectField({
  label,
  error,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="c-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
