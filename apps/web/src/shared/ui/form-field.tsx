import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './form-field.css';

/** What the control inside a field spreads onto itself, so its label, hint and error reach assistive tech. */
export type ControlProps = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
  'aria-required': boolean | undefined;
};

type FieldProps = {
  /** id of the control; the hint and error take it as their prefix. */
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  /** The translated message of the first failing rule, if any. */
  error?: string;
};

function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** The "Required" / "Optional" tag beside a label. Hidden from assistive tech: aria-required says it. */
function RequirementTag({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`form-field__tag${required ? ' form-field__tag--required' : ''}`} aria-hidden="true">
      {t(required ? 'form_required' : 'form_optional')}
    </span>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="form-field__error">
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.25v4.5M8 11.1v.15" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span>{error}</span>
    </p>
  );
}

/**
 * One labelled form control: label (with its required/optional tag), hint, the control, and the error.
 * The control is rendered by `children` with the ids and ARIA states it must carry: the error and the
 * hint are its description, aria-invalid marks it while a rule fails.
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
        <RequirementTag required={required} />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-describedby': describedBy(id, hint, error),
        'aria-invalid': Boolean(error),
        'aria-required': required || undefined,
      })}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * Several controls answering one question (a card's expiry month and year): a fieldset whose legend is
 * the question; each control keeps its own short label. The group's hint and error describe the fieldset.
 */
export function FormFieldGroup({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <fieldset
      id={id}
      className={`form-field form-field--group${error ? ' form-field--invalid' : ''}`}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend className="form-field__label">
        {label}
        <RequirementTag required={required} />
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="form-field__row">{children}</div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** A checkbox with its label beside it (opt-ins). */
export function CheckboxField({
  id,
  label,
  ...input
}: { id: string; label: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="form-field form-field--checkbox">
      <input id={id} type="checkbox" className="form-field__checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
