import { useId } from 'react';
import {
  Controller,
  get,
  useFormState,
  type Control,
  type FieldPath,
  type FieldValues,
  type FieldError,
} from 'react-hook-form';
import type { LangCode } from '@kippu/contract/enums';
import type { LocalizedText } from '@kippu/contract/i18n-text';
import { CONSOLE_LANGS, HTML_LANG, LANG_NAMES, useConsoleI18n } from '../i18n/console-i18n.tsx';
import './localized-text-fields.css';

/** The languages of a text still empty (blank counts as empty), in the product's language order. */
export function missingLanguages(value: Partial<LocalizedText> | null | undefined): LangCode[] {
  return CONSOLE_LANGS.filter((lang) => !(value?.[lang] ?? '').trim());
}

/** A text with all six languages empty: the start of a new one. */
export function emptyLocalizedText(): LocalizedText {
  return Object.fromEntries(CONSOLE_LANGS.map((lang) => [lang, ''])) as LocalizedText;
}

export interface LocalizedTextFieldsProps {
  /** What the text is ("Name", "Caution"): the group's legend and part of each field's accessible name. */
  label: string;
  value: Partial<LocalizedText> | null | undefined;
  onChange: (value: LocalizedText) => void;
  onBlur?: () => void;
  /** A textarea per language (descriptions, cautions) rather than a one-line input (names). */
  multiline?: boolean;
  maxLength?: number;
  disabled?: boolean;
  hint?: string;
  /** A problem with the text as a whole (from zod or the API's `issues` at the field's path). */
  error?: string;
  /** A problem with one language (the API's `issues` at `<field>.<lang>`). */
  languageErrors?: Partial<Record<LangCode, string>>;
  /** A language left empty is marked "missing" (default); false for an optional text such as a caution. */
  markMissing?: boolean;
  /** The base of the fields' ids (useful for focusing a field from an error); one is made otherwise. */
  id?: string;
}

/**
 * A text in the six languages side by side (ja, en, zh-hans, kr, zh-hant, th): one labelled field per
 * language, named "<label> (<language>)" for screen readers, its text marked with the language (spelling,
 * voices). A language still empty carries a mark with an icon and the word "missing" (never colour alone),
 * and the legend sums up which are missing. Controlled: use it through `LocalizedTextController` with
 * react-hook-form, or give it `value` and `onChange`.
 */
export function LocalizedTextFields({
  label,
  value,
  onChange,
  onBlur,
  multiline = false,
  maxLength,
  disabled,
  hint,
  error,
  languageErrors,
  markMissing = true,
  id,
}: LocalizedTextFieldsProps) {
  const { t } = useConsoleI18n();
  const fallbackId = useId();
  const base = id ?? `c-lt-${fallbackId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const missing = markMissing ? missingLanguages(value) : [];
  const current = { ...emptyLocalizedText(), ...value } as LocalizedText;
  const summaryId = `${base}-summary`;
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  return (
    <fieldset
      className="c-lt"
      aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
    >
      <legend className="c-lt__legend">{label}</legend>
      {markMissing ? (
        <p
          id={summaryId}
          className={missing.length ? 'c-lt__summary c-lt__summary--missing' : 'c-lt__summary'}
        >
          {missing.length ? (
            <>
              <MissingIcon />
              {t('localized_missing_summary', {
                languages: missing.map((lang) => LANG_NAMES[lang]).join(', '),
              })}
            </>
          ) : (
            <>
              <span aria-hidden="true" className="c-lt__icon c-lt__icon--ok">
                ✓
              </span>
              {t('localized_complete')}
            </>
          )}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="c-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="c-lt__grid">
        {CONSOLE_LANGS.map((lang) => {
          const fieldId = `${base}-${lang}`;
          const isMissing = missing.includes(lang);
          const langError = languageErrors?.[lang];
          const described = [isMissing ? `${fieldId}-missing` : '', langError ? `${fieldId}-error` : '']
            .filter(Boolean)
            .join(' ');
          const common = {
            id: fieldId,
            lang: HTML_LANG[lang],
            value: current[lang],
            maxLength,
            disabled,
            'aria-invalid': langError || error ? true : undefined,
            'aria-describedby': described || undefined,
            onBlur,
            onChange: (event: { target: { value: string } }) =>
              onChange({ ...current, [lang]: event.target.value }),
          };
          return (
            <div key={lang} className={isMissing ? 'c-lt__lang c-lt__lang--missing' : 'c-lt__lang'}>
              <div className="c-lt__head">
                <label htmlFor={fieldId}>
                  <span className="c-lt__context">{label} </span>
                  <span lang={HTML_LANG[lang]}>{LANG_NAMES[lang]}</span>
                </label>
                {isMissing ? (
                  <span id={`${fieldId}-missing`} className="c-lt__mark">
                    <MissingIcon />
                    {t('localized_missing')}
                  </span>
                ) : null}
              </div>
              {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
              {langError ? (
                <p id={`${fieldId}-error`} className="c-field__error">
                  {langError}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="c-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function MissingIcon() {
  return (
    <svg
      className="c-lt__icon"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 16 16"
      width="16"
      height="16"
    >
      <path d="M8 1 15 14H1Z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M8 6v4M8 11.5v1.2" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** react-hook-form's error at a LocalizedText field: its own message and one per language. */
export function localizedErrors(error: unknown): {
  error?: string;
  languageErrors: Partial<Record<LangCode, string>>;
} {
  const node = (error ?? {}) as FieldError & Partial<Record<LangCode, FieldError | undefined>>;
  const languageErrors: Partial<Record<LangCode, string>> = {};
  for (const lang of CONSOLE_LANGS) {
    const message = node[lang]?.message;
    if (message) languageErrors[lang] = message;
  }
  return { error: node.message || undefined, languageErrors };
}

/**
 * `LocalizedTextFields` bound to a react-hook-form field holding a LocalizedText: zod's errors at the field
 * or at one of its languages (and those set with `setError('<field>.<lang>')` from the API's `issues`) show
 * by the right input.
 */
export function LocalizedTextController<Values extends FieldValues>({
  control,
  name,
  ...props
}: Omit<LocalizedTextFieldsProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'languageErrors'> & {
  control: Control<Values>;
  name: FieldPath<Values>;
}) {
  // The form's errors rather than the Controller's fieldState: that one listens to the field's exact name
  // and so misses an error set at one language (`setError('name.th')`) after the form was drawn.
  const { errors } = useFormState({ control, name });
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const { error, languageErrors } = localizedErrors(get(errors, name));
        return (
          <LocalizedTextFields
            {...props}
            value={field.value as Partial<LocalizedText> | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={props.disabled ?? field.disabled}
            error={error}
            languageErrors={languageErrors}
          />
        );
      }}
    />
  );
}
