import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CheckInAnswer,
  CheckInMode,
  GateSessionResponse,
  GateSyncResponse,
  TicketCheckMode,
} from '@kippu/contract/endpoints/check-in';
import { formatTime } from '@kippu/contract/format/date';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import {
  fetchGateSession,
  fetchGateTicketList,
  newNonce,
  postGateCheckIn,
  postGateSync,
} from '../api/gate-api.ts';
import { CheckInOutcome } from '../gate/check-in-outcome.tsx';
import { forgetGateKey, storedGateKey, storeGateKey } from '../gate/gate-key-store.ts';
import { GateKeyForm } from '../gate/gate-key-form.tsx';
import {
  checkInOffline,
  clearOfflineGate,
  dropQueued,
  queuedCheckIns,
  storedTicketList,
  storeTicketList,
  syncBody,
} from '../gate/offline-gate.ts';
import { QrCamera } from '../gate/qr-camera.tsx';
import { useReconnect } from '../gate/use-reconnect.ts';
import '../../../shared/ui/form-field.css';
import '../check-in.css';

/** The same code read again within this time is the same visitor still holding it up. */
const SAME_CODE_MS = 3000;
/** How long a result holds the camera before it reads the next code. */
const RESULT_HOLD_MS = 1500;
const SYNC_EVERY_MS = 15_000;
const LIST_EVERY_MS = 60_000;

type Shown = { answer: CheckInAnswer; offline: boolean };
type Twice = GateSyncResponse['results'][number];

/** A failure that means "no network" (as opposed to an answer from the server). */
const isOffline = (error: unknown) => error instanceof ApiError && error.status === undefined;
const isRefused = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The staff scanner (`/gate`, ADR 030): authorise the device once with its gate key, then admit visitors by
 * their QR codes (read_qr, camera or typed code) or by tapping their phones (tap_ticket, with the tap code
 * shown here). Keeps admitting offline against the day's ticket list and syncs its queue when back; in
 * mode `reconnect` (ADR 112) it retries with back-off from the moment it goes offline and replays at once.
 */
export default function GateScannerScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const [key, setKey] = useState<string | null>(() => storedGateKey());
  const [session, setSession] = useState<GateSessionResponse | null>(null);
  const [refused, setRefused] = useState(false);
  const [online, setOnline] = useState(true);
  const [mode, setMode] = useState<CheckInMode>('gate');
  const [checkMode, setCheckMode] = useState<TicketCheckMode>('read_qr');
  const [camera, setCamera] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [paused, setPaused] = useState(false);
  const [queued, setQueued] = useState(() => queuedCheckIns().length);
  const [twice, setTwice] = useState<Twice[]>([]);
  const [listAt, setListAt] = useState<string | null>(() => storedTicketList()?.generated_at ?? null);
  const [listRound, setListRound] = useState(0);
  const reconnectMode = useCoreStore((state) => state.configuration?.mode === 'reconnect');
  const last = useRef<{ code: string; at: number } | null>(null);
  const busy = useRef(false);

  const refuseDevice = useCallback(() => {
    forgetGateKey();
    clearOfflineGate();
    setKey(null);
    setSession(null);
    setRefused(true);
  }, []);

  // The device's key: its session (label, tap code) and, while online, the offline ticket list.
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    const refresh = async () => {
      try {
        const [current, list] = await Promise.all([
          fetchGateSession(key, lang),
          fetchGateTicketList(key, lang),
        ]);
        if (cancelled) return;
        setSession(current);
        storeTicketList(list);
        setListAt(list.generated_at);
        setOnline(true);
      } catch (error) {
        if (cancelled) return;
        if (isRefused(error)) refuseDevice();
        else if (isOffline(error)) setOnline(false);
      }
    };
    void refresh();
    const timer = setInterval(() => void refresh(), LIST_EVERY_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [key, lang, refuseDevice, listRound]);

  // Replays the offline queue whenever the network may be back.
  const sync = useCallback(async () => {
    const items = queuedCheckIns();
    if (!key || items.length === 0) return;
    try {
      const answer = await postGateSync(key, syncBody(items, lang));
      dropQueued(answer.results.map((r) => r.nonce));
      setTwice((before) => [...before, ...answer.results.filter((r) => r.admitted_twice)]);
      setOnline(true);
    } catch (error) {
      if (isRefused(error)) refuseDevice();
      else if (isOffline(error)) setOnline(false);
    } finally {
      setQueued(queuedCheckIns().length);
    }
  }, [key, lang, refuseDevice]);

  useEffect(() => {
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => void sync(), SYNC_EVERY_MS);
    const first = setTimeout(() => void sync(), 0);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [sync]);

  // Mode `reconnect`: back-off probes of the session while offline; back, the queue and the list at once.
  const reconnectTries = useReconnect({
    enabled: reconnectMode && key !== null,
    offline: !online,
    probe: async () => {
      if (!key) return false;
      try {
        setSession(await fetchGateSession(key, lang));
        return true;
      } catch (error) {
        if (isRefused(error)) refuseDevice();
        return false;
      }
    },
    onBack: () => {
      setOnline(true);
      setListRound((round) => round + 1);
      void sync();
    },
  });

  const handleCode = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      const now = Date.now();
      if (!key || busy.current || !code) return;
      if (last.current && last.current.code === code && now - last.current.at < SAME_CODE_MS) return;
      last.current = { code, at: now };
      busy.current = true;
      setPaused(true);
      const nonce = newNonce();
      try {
        const answer = await postGateCheckIn(key, { code, mode, nonce, lang });
        setShown({ answer, offline: false });
        setOnline(true);
      } catch (error) {
        if (isRefused(error)) refuseDevice();
        else if (isOffline(error)) {
          // The same nonce: had the request reached the server after all, the replay answers its answer.
          setOnline(false);
          setShown({ answer: await checkInOffline(code, mode, nonce), offline: true });
          setQueued(queuedCheckIns().length);
        } else setShown({ answer: { result: 'invalid', mode, admitted: 0, ticket: null }, offline: false });
      } finally {
        busy.current = false;
        setTimeout(() => setPaused(false), RESULT_HOLD_MS);
      }
    },
    [key, mode, lang, refuseDevice],
  );

  const [manual, setManual] = useState('');
  const submitManual = (event: FormEvent) => {
    event.preventDefault();
    last.current = null;
    void handleCode(manual);
    setManual('');
  };

  if (!key) {
    return (
      <div className="gate-page">
        <ScreenHero title={t('screen_gate_scanner_title')} />
        <div className="gate-page__content">
          <GateKeyForm
            refused={refused}
            onAuthorised={(newKey, newSession) => {
              storeGateKey(newKey);
              setRefused(false);
              setSession(newSession);
              setKey(newKey);
            }}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="gate-page">
      <ScreenHero title={t('screen_gate_scanner_title')} />
      <div className="gate-page__content">
        <div className="gate-status">
          <p className="gate-status__device">{session ? t('gate_device', { label: session.label }) : null}</p>
          <p className={`gate-status__network gate-status__network--${online ? 'online' : 'offline'}`}>
            {online ? t('gate_online') : t('gate_offline')}
          </p>
          {reconnectTries > 0 ? (
            <p className="gate-status__reconnect">{t('gate_reconnecting', { count: reconnectTries })}</p>
          ) : null}
          {queued > 0 ? <p>{t('gate_queue', { count: queued })}</p> : null}
          {listAt ? (
            <p className="gate-status__list">{t('gate_list_at', { time: formatTime(new Date(listAt)) })}</p>
          ) : null}
        </div>

        <fieldset className="gate-choice">
          <legend>{t('gate_mode_legend')}</legend>
          {(['gate', 'set'] as const).map((value) => (
            <label key={value} className="gate-choice__option">
              <input type="radio" name="gate-mode" checked={mode === value} onChange={() => setMode(value)} />
              {t(`gate_mode_${value}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="gate-choice">
          <legend>{t('gate_check_legend')}</legend>
          {(['read_qr', 'tap_ticket'] as const).map((value) => (
            <label key={value} className="gate-choice__option">
              <input
                type="radio"
                name="gate-check-mode"
                checked={checkMode === value}
                onChange={() => setCheckMode(value)}
              />
              {t(`gate_check_${value}`)}
            </label>
          ))}
        </fieldset>

        <div className="gate-result" role="status" aria-live="assertive" aria-atomic="true">
          {shown ? <CheckInOutcome answer={shown.answer} lang={lang} offline={shown.offline} /> : null}
        </div>

        {checkMode === 'read_qr' ? (
          <section className="gate-panel" aria-labelledby="gate-read-qr">
            <h2 id="gate-read-qr" className="gate-panel__title">
              {t('gate_check_read_qr')}
            </h2>
            {camera ? <QrCamera paused={paused} onCode={(code) => void handleCode(code)} /> : null}
            <button type="button" className="button button--secondary" onClick={() => setCamera(!camera)}>
              {camera ? t('gate_camera_stop') : t('gate_camera_start')}
            </button>
            <form className="gate-manual" onSubmit={submitManual}>
              <label className="form-field__label" htmlFor="gate-manual-code">
                {t('gate_manual_label')}
              </label>
              <input
                id="gate-manual-code"
                className="form-field__input"
                value={manual}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                onChange={(event) => setManual(event.target.value)}
              />
              <button type="submit" className="button button--primary">
                {t('gate_manual_submit')}
              </button>
            </form>
          </section>
        ) : (
          <section className="gate-panel" aria-labelledby="gate-tap">
            <h2 id="gate-tap" className="gate-panel__title">
              {t('gate_check_tap_ticket')}
            </h2>
            <p>{t('gate_tap_code_intro')}</p>
            <p className="gate-tap-code">
              <span className="gate-tap-code__label">{t('gate_tap_code_label')}</span>
              <span className="gate-tap-code__digits">
                {session ? `${session.tap_code.slice(0, 4)} ${session.tap_code.slice(4)}` : '—'}
              </span>
            </p>
          </section>
        )}

        {twice.length > 0 ? (
          <section className="gate-panel gate-twice" aria-labelledby="gate-twice">
            <h2 id="gate-twice" className="gate-panel__title">
              {t('gate_twice_title')}
            </h2>
            <ul>
              {twice.map((item) => (
                <li key={item.nonce}>
                  {item.ticket
                    ? `${item.ticket.product_name} · ${item.ticket.option_name} #${item.ticket.sequence}`
                    : t('gate_twice_unknown')}
                  {': '}
                  {t(`check_in_result_${item.result}`)}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            forgetGateKey();
            clearOfflineGate();
            setKey(null);
            setSession(null);
          }}
        >
          {t('gate_forget')}
        </button>
      </div>
    </div>
  );
}
