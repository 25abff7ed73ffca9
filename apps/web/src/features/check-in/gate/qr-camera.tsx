import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQrDetector } from '../../../shared/camera/qr-detector.ts';

/** How often a frame is read (a QR code held up for a moment is seen several times). */
const SCAN_EVERY_MS = 250;

/**
 * The camera view of read_qr: the back camera, read every quarter second; each code read is handed to
 * `onCode` (the caller ignores a code it has just handled). `paused` stops reading while a result shows.
 */
export function QrCamera({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const onCodeRef = useRef(onCode);
  const pausedRef = useRef(paused);
  useEffect(() => {
    onCodeRef.current = onCode;
    pausedRef.current = paused;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = async () => {
      try {
        const [media, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          createQrDetector(),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const tick = async () => {
          if (stopped) return;
          const element = video.current;
          if (!pausedRef.current && element && element.readyState >= 2) {
            const codes = await detector.detect(element).catch(() => []);
            const code = codes[0]?.rawValue;
            if (code && !stopped) onCodeRef.current(code);
          }
          timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
        };
        void tick();
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (failed) return <p className="gate-camera__failed">{t('gate_camera_unavailable')}</p>;
  return (
    <div className="gate-camera">
      <video
        ref={video}
        className="gate-camera__video"
        muted
        playsInline
        aria-label={t('gate_camera_label')}
      />
      <div className="gate-camera__frame" aria-hidden="true" />
    </div>
  );
}
