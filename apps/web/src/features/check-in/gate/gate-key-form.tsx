import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { gateKeySchema, type GateSessionResponse } from '@kippu/contract/endpoints/check-in';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { fetchGateSession } from '../api/gate-api.ts';

/** The device's first step: the gate key (ADR 030), checked with the server before it is kept. */
export function GateKeyForm({
  refused,
  onAuthorised,
}: {
  refused: boolean;
  onAuthorised: (key: string, session: GateSessionResponse) => void;
}) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(refused ? t('gate_key_refused') : null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const key = value.trim().toUpperCase();
    if (!gateKeySchema.safeParse(key).success) {
      setError(t('gate_key_malformed'));
      return;
    }
    setBusy(true);
    try {
      onAuthorised(key, await fetchGateSession(key, lang));
    } catch (thrown) {
      setError(
        thrown instanceof ApiError && thrown.status === 401 ? t('gate_key_refused') : t('gate_key_offline'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="gate-panel gate-key-form" onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('gate_key_intro')}</p>
      <label className="form-field__label" htmlFor="gate-key">
        {t('gate_key_label')}
      </label>
      <input
        id="gate-key"
        className="form-field__input"
        value={value}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'gate-key-error' : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <p id="gate-key-error" className="gate-key-form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('gate_key_submit')}
      </button>
    </form>
  );
}
