import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { checkInModeSchema, type CheckInAnswer, type TapState } from '@kippu/contract/endpoints/check-in';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { fetchTapStatus, newNonce, postTapCheckIn } from '../api/gate-api.ts';
import { CheckInOutcome } from '../gate/check-in-outcome.tsx';
import '../../../shared/ui/form-field.css';
import '../check-in.css';

type Problem = 'wrong_code' | 'not_found' | 'connection';

/**
 * tap_ticket on the visitor's phone (spec §2 `/id/:reservationToken/:id/:type`, ADR 030). Tap states
 * (spec §3): `init` shows the ticket and whether it may enter; staff tap, the state becomes `tap` and they
 * type their gate's tap code; then `success` or `error`. A visitor alone cannot admit themselves: the code
 * is on the staff's device and changes daily.
 */
export default function CheckInGateScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { reservationToken = '', id = '', type = '' } = useParams();
  const mode = checkInModeSchema.safeParse(type).data;
  const [state, setState] = useState<TapState>('init');
  const [answer, setAnswer] = useState<CheckInAnswer | null>(null);
  const [problem, setProblem] = useState<Problem | null>(mode ? null : 'not_found');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const nonce = useRef(newNonce());
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!mode) return;
    let cancelled = false;
    fetchTapStatus(reservationToken, id, mode, lang).then(
      (status) => {
        if (cancelled) return;
        setAnswer(status);
        if (status.result !== 'available') setState('error');
      },
      (error: unknown) => {
        if (cancelled) return;
        setProblem(error instanceof ApiError && error.status !== undefined ? 'not_found' : 'connection');
        setState('error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [reservationToken, id, mode, lang]);

  useEffect(() => {
    if (state === 'tap') codeInput.current?.focus();
  }, [state]);

  const admit = async (event: FormEvent) => {
    event.preventDefault();
    if (!mode || busy) return;
    const digits = code.replace(/\D/g, '');
    if (digits.length !== 8) {
      setProblem('wrong_code');
      return;
    }
    setBusy(true);
    try {
      const result = await postTapCheckIn(reservationToken, id, {
        mode,
        tap_code: digits,
        nonce: nonce.current,
        lang,
      });
      setAnswer(result);
      setProblem(null);
      setState(result.result === 'success' ? 'success' : 'error');
    } catch (error) {
      // A wrong code: stay in `tap` to try again, with a new request id.
      nonce.current = newNonce();
      if (error instanceof ApiError && error.status === 401) setProblem('wrong_code');
      else {
        setProblem(error instanceof ApiError && error.status === 404 ? 'not_found' : 'connection');
        setState('error');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="gate-page">
      <ScreenHero title={t('screen_check_in_gate_title')} />
      <div className="gate-page__content" data-tap-state={state}>
        <div className="gate-result" role="status" aria-live="assertive" aria-atomic="true">
          {answer && state !== 'tap' ? <CheckInOutcome answer={answer} lang={lang} /> : null}
          {problem ? <p className="gate-problem">{t(`tap_problem_${problem}`)}</p> : null}
        </div>

        {state === 'init' && answer?.result === 'available' ? (
          <>
            <p className="gate-tap-intro">{t(mode === 'set' ? 'tap_intro_set' : 'tap_intro')}</p>
            <button type="button" className="gate-tap-button" onClick={() => setState('tap')}>
              {t('tap_staff_button')}
            </button>
          </>
        ) : null}

        {state === 'tap' ? (
          <form className="gate-panel" onSubmit={(event) => void admit(event)} noValidate>
            <label className="form-field__label" htmlFor="tap-code">
              {t('tap_code_label')}
            </label>
            <input
              id="tap-code"
              ref={codeInput}
              className="form-field__input gate-tap-input"
              inputMode="numeric"
              autoComplete="off"
              aria-describedby="tap-code-hint"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <p id="tap-code-hint" className="gate-hint">
              {t('tap_code_hint')}
            </p>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('tap_admit')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setCode('');
                setProblem(null);
                setState('init');
              }}
            >
              {t('tap_cancel')}
            </button>
          </form>
        ) : null}

        <Link className="button button--secondary" to={paths.ticket.getHref({ reservationToken })}>
          {t('tap_back_to_ticket')}
        </Link>
      </div>
    </div>
  );
}
