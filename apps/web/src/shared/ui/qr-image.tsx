import { toString as qrCodeSvg } from 'qrcode';
import { useMemo } from 'react';

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
  const src = useMemo(() => qrCodeDataUrl(payload), [payload]);
  return src ? (
    // Decoded with the frame that shows it: the code appears with its ticket, not a frame or two later.
    <img className="qr-image" src={src} alt={alt} width={240} height={240} decoding="sync" />
  ) : (
    <span className="qr-image qr-image--unavailable" role="img" aria-label={alt} />
  );
}
