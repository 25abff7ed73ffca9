import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visitWhen } from '@kippu/contract/format/visit-when';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { formatRemaining } from '../steps/hold-countdown.tsx';
import { useHoldOrder } from '../order/use-save-order.ts';
import { clearPendingOrder, saveAdmission, savePendingOrder, type PendingOrder } from './pending-order.ts';
import { useWaitingRoom, type WaitingRoomPhase } from './use-waiting-room.ts';
import { estimatedWaitText } from './wait-text.ts';
import './waiting-room.css';

/** A place that moves is told to screen readers at most this often; a change of state at once. */
const ANNOUNCE_EVERY_MS = 60_000;

/** Seconds until an ISO time, ticking once a second while `until` is set. */
function useSecondsUntil(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, (Date.parse(until) - now) / 1000) : null;
}

/**
 * A polite live region that speaks `text` when the state changes, and a new position at most once a minute:
 * a screen reader user hears how the wait goes without being interrupted every few seconds.
 */
function useAnnouncement(phase: WaitingRoomPhase, text: string): string {
  const [spoken, setSpoken] = useState({ phase, text, at: Date.now() });
  useEffect(() => {
    if (text === spoken.text) return;
    if (phase !== spoken.phase || Date.now() - spoken.at >= ANNOUNCE_EVERY_MS) {
      setSpoken({ phase, text, at: Date.now() });
      return;
    }
    const timer = window.setTimeout(
      () => setSpoken({ phase, text, at: Date.now() }),
      ANNOUNCE_EVERY_MS - (Date.now() - spoken.at),
    );
    return () => window.clearTimeout(timer);
  }, [phase, text, spoken]);
  return spoken.text;
}

/**
 * The waiting room of one pending hold (ADR 096): the visitor's place and estimated wait while waiting, then
 * the hold they asked for as soon as they are admitted (or the queue closes), with a button if it has to be
 * tried again; an expired admission says so, with the way on. Sold out keeps the page waiting (held seats
 * may lapse and the queue move again), with the way back to choose.
 */
export function WaitingRoom({ pending }: { pending: PendingOrder }) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const [holding, setHolding] = useState(false);
  const room = useWaitingRoom(pending.productUuid, pending.reason === 'admission-expired', holding);
  // Joining again is at the back: a reload from now on shows the new place, not the old expiry.
  const joinAgain = () => {
    savePendingOrder({ ...pending, reason: 'required' });
    room.rejoin();
  };
  const { phase, entry } = room;
  const hold = useHoldOrder();
  const [holdFailed, setHoldFailed] = useState(false);
  const admittedLeft = useSecondsUntil(phase === 'admitted' ? (entry?.admitted_until ?? null) : null);

  const continueToHold = async () => {
    if (holding) return;
    setHolding(true);
    setHoldFailed(false);
    const outcome = await hold(pending, room.token);
    setHolding(false);
    if (outcome === 'held') {
      clearPendingOrder();
      // Kept so that changing the choice within the window holds again with it (review finding 2).
      if (entry?.state === 'admitted' && entry.admitted_until) {
        saveAdmission({
          productUuid: pending.productUuid,
          token: entry.token,
          admittedUntil: entry.admitted_until,
        });
      }
    } else if (outcome === 'admission-expired') {
      savePendingOrder({ ...pending, reason: 'admission-expired' });
      room.markExpired();
    } else if (outcome === 'waiting-room') joinAgain();
    else setHoldFailed(true);
  };
  // Admitted (or the queue is over): the hold the visitor asked for goes on by itself, once per place.
  const autoHeld = useRef<string | null>(null);
  useEffect(() => {
    if ((phase !== 'admitted' && phase !== 'closed') || !entry) return;
    const key = `${entry.token}:${phase}`;
    if (autoHeld.current === key) return;
    autoHeld.current = key;
    void continueToHold();
  });
  // The admission's window ran out on this page before a hold: the same as the server's refusal.
  useEffect(() => {
    if (admittedLeft === 0 && !holding) room.markExpired();
  }, [admittedLeft, holding, room]);

  const wait = estimatedWaitText(t, entry?.estimated_wait_seconds ?? null);
  const position = entry?.position ?? null;
  const announcement = useAnnouncement(
    phase,
    phase === 'waiting' && position !== null
      ? t('waiting_room_announce_waiting', { position, wait })
      : phase === 'admitted'
        ? t('waiting_room_admitted_title')
        : phase === 'sold_out'
          ? t('waiting_room_sold_out_title')
          : phase === 'expired'
            ? t('waiting_room_expired_title')
            : '',
  );
  const when = visitWhen(pending.productType, pending.page.slot.start, pending.page.slot.end, lang);

  const chooseAgain = (
    <Link className="button button--primary" to={paths.order.getHref()} onClick={clearPendingOrder}>
      {t('waiting_room_choose_another')}
    </Link>
  );

  return (
    <div className="waiting-room" data-phase={phase}>
      <p className="visually-hidden waiting-room__live" role="status" aria-live="polite">
        {announcement}
      </p>
      {phase === 'joining' ? (
        <section className="waiting-room__card" aria-busy="true">
          <p className="waiting-room__lead">{t('waiting_room_joining')}</p>
        </section>
      ) : null}

      {phase === 'waiting' ? (
        <section className="waiting-room__card" aria-labelledby="waiting-room-place">
          <dl className="waiting-room__figures">
            <div className="waiting-room__figure">
              <dt id="waiting-room-place">{t('waiting_room_position_label')}</dt>
              <dd className="waiting-room__position">
                {position === 1 ? t('waiting_room_next') : t('waiting_room_position', { position })}
              </dd>
            </div>
            <div className="waiting-room__figure">
              <dt>{t('waiting_room_estimate_label')}</dt>
              <dd className="waiting-room__estimate">{wait}</dd>
            </div>
          </dl>
          <div className="waiting-room__progress" aria-hidden="true">
            <span />
          </div>
          <p className="waiting-room__text">{t('waiting_room_intro')}</p>
          <ul className="waiting-room__notes">
            <li>{t('waiting_room_keep_open')}</li>
            <li>{t('waiting_room_reload_keeps')}</li>
            <li>{t('waiting_room_tabs')}</li>
          </ul>
        </section>
      ) : null}

      {phase === 'admitted' || phase === 'closed' ? (
        <section className="waiting-room__card waiting-room__card--go" aria-labelledby="waiting-room-turn">
          <h2 id="waiting-room-turn" className="waiting-room__title">
            {t('waiting_room_admitted_title')}
          </h2>
          <p className="waiting-room__text">
            {phase === 'closed'
              ? t('waiting_room_closed_text')
              : holdFailed
                ? t('waiting_room_admitted_hold_failed')
                : t('waiting_room_admitted_text')}
          </p>
          {phase === 'admitted' && admittedLeft !== null ? (
            <p className="waiting-room__window">
              {t('waiting_room_admitted_time_label')}{' '}
              <span
                role="timer"
                className="waiting-room__time"
                aria-label={t('waiting_room_admitted_time', { time: formatRemaining(admittedLeft) })}
              >
                {formatRemaining(admittedLeft)}
              </span>
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            disabled={holding}
            aria-busy={holding}
            onClick={() => void continueToHold()}
          >
            {holding ? t('waiting_room_holding') : t('waiting_room_continue')}
          </button>
        </section>
      ) : null}

      {phase === 'sold_out' ? (
        <section className="waiting-room__card waiting-room__card--end" aria-labelledby="waiting-room-end">
          <h2 id="waiting-room-end" className="waiting-room__title">
            {t('waiting_room_sold_out_title')}
          </h2>
          <p className="waiting-room__text">{t('waiting_room_sold_out_text')}</p>
          {chooseAgain}
        </section>
      ) : null}

      {phase === 'expired' ? (
        <section className="waiting-room__card waiting-room__card--end" aria-labelledby="waiting-room-end">
          <h2 id="waiting-room-end" className="waiting-room__title">
            {t('waiting_room_expired_title')}
          </h2>
          <p className="waiting-room__text">{t('waiting_room_expired_text')}</p>
          <button type="button" className="button button--primary" onClick={joinAgain}>
            {t('waiting_room_join_again')}
          </button>
        </section>
      ) : null}

      {phase === 'refused' ? <section className="waiting-room__card">{chooseAgain}</section> : null}

      {room.reconnecting ? (
        <p className="waiting-room__reconnecting" role="status">
          {t('waiting_room_reconnecting')}
        </p>
      ) : null}

      <section className="waiting-room__choice" aria-labelledby="waiting-room-choice">
        <h2 id="waiting-room-choice" className="waiting-room__choice-title">
          {t('waiting_room_your_choice')}
        </h2>
        <p className="waiting-room__choice-name">{pending.page.productName}</p>
        <p className="waiting-room__choice-when">{when.time ? `${when.date} ${when.time}` : when.date}</p>
        {phase === 'waiting' || phase === 'joining' ? (
          <Link
            className="waiting-room__change"
            to={paths.order.getHref(undefined, { ref: 'c' })}
            onClick={() => useCoreStore.getState().set({ savedOrder: pending.page })}
          >
            {t('waiting_room_change_choice')}
          </Link>
        ) : null}
      </section>
    </div>
  );
}
