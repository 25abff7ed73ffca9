import { toString as qrCodeSvg } from 'qrcode';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// Styles: features/tickets/ticket/ticket.css, which the ticket and share screens import (a stylesheet of its
// own would be one more request before the ticket page's QR codes); the spot poster sizes its code in spot.css.

/** The QR code of `payload` as an SVG data URL, or null when it cannot be drawn (a payload too long). */
function qrCodeDataUrl(payload: string): string | null {
  let url: string | null = null;
  // With a callback, qrcode draws synchronously: the code is in the screen's first render, not in a
  // second one after an effect (the ticket page's QR codes are its largest paint, issue 12).
  qrCodeSvg(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }, (error, svg) => {
    if (!error) url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
  return url;
}

/**
 * One QR code as an image with its alt text, drawn as SVG by `qrcode`: sharp at any size, in print too, and
 * without a canvas. Only lazy screens that show a QR import this module, so `qrcode` is part of their
 * chunks and loads in parallel with them: on the ticket page, before the ticket's data arrives rather than
 * after it (one request fewer in the chain before the largest paint, issue 12).
 */
export function QrImage({ payload, alt }: { payload: string; alt: string }) {
  const { t } = useTranslation();
  const src = useMemo(() => qrCodeDataUrl(payload), [payload]);
  return src ? (
    // Decoded with the frame that shows it: the code appears with its ticket, not a frame or two later.
    <img className="qr-image" src={src} alt={alt} width={240} height={240} decoding="sync" />
  ) : (
    // Says on screen, and to a screen reader, that the code is missing, rather than an empty box read out
    // as the code itself; the box keeps the code's place, so nothing around it moves.
    <span
      className="qr-image qr-image--unavailable"
      role="img"
      aria-label={t('qr_unavailable_label', { alt })}
    >
      <span className="qr-image__message" aria-hidden="true">
        {t('qr_unavailable')}
      </span>
    </span>
  );
}
