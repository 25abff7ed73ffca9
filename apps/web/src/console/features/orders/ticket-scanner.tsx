import { useEffect, useRef, useState } from 'react';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Field } from '../../shared/ui/ui.tsx';

/** How often a frame is read, as at the gate (a code held up for a moment is seen several times). */
const SCAN_EVERY_MS = 250;

type CameraState = 'starting' | 'scanning' | 'failed';

/**
 * "Scan a ticket": the device's back camera read for a ticket's QR code with the gate's reader
 * (`shared/camera/qr-detector.ts`: the browser's BarcodeDetector, else ZXing's wasm), imported only when the
 * dialog opens so the orders screen's chunk never carries it. The first code read is handed to `onCode` and
 * the camera stops. A handheld scanner types the code like a keyboard, so the field below takes it as well
 * (and anyone whose browser has no camera can paste it).
 */
export function TicketScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useConsoleI18n();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [typed, setTyped] = useState('');
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const start = async () => {
      try {
        const [media, { createQrDetector }] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          import('../../../shared/camera/qr-detector.ts'),
        ]);
        stream = media;
        const detector = await createQrDetector();
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play();
        setState('scanning');
        const tick = async () => {
          if (stopped) return;
          const element = video.current;
          if (element && element.readyState >= 2) {
            const codes = await detector.detect(element).catch(() => []);
            const code = codes[0]?.rawValue?.trim();
            if (code && !stopped) {
              stop();
              onCodeRef.current(code);
              return;
            }
          }
          timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
        };
        void tick();
      } catch {
        // No camera, permission refused, or no reader: the typed field still works.
        if (!stopped) setState('failed');
        stop();
      }
    };
    void start();
    return stop;
  }, []);

  return (
    <Dialog title={t('orders_scan_title')} onClose={onClose}>
      <p role="status" className={state === 'failed' ? 'c-field__error' : 'c-field__hint'}>
        {state === 'failed'
          ? t('orders_scan_camera_failed')
          : state === 'starting'
            ? t('orders_scan_starting')
            : t('orders_scan_hold')}
      </p>
      {state !== 'failed' ? (
        <div className="c-orders-camera">
          <video
            ref={video}
            className="c-orders-camera__video"
            muted
            playsInline
            aria-label={t('orders_scan_camera')}
          />
        </div>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) onCode(typed.trim());
        }}
      >
        <Field
          label={t('orders_scan_typed')}
          hint={t('orders_scan_typed_hint')}
          value={typed}
          autoComplete="off"
          maxLength={320}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="c-actions">
          <button className="c-button c-button--primary" type="submit" disabled={!typed.trim()}>
            {t('orders_scan_find')}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
