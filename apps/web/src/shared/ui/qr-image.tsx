import { useEffect, useState } from 'react';

type QrCode = typeof import('qrcode');

let qrcodeLoad: Promise<QrCode> | null = null;
/** The one load of `qrcode`, shared by every QR on the screen; a failed load is tried again by the next QR. */
const loadQrcode = () =>
  (qrcodeLoad ??= import('qrcode').catch((error: unknown) => {
    qrcodeLoad = null;
    throw error;
  }));

// `qrcode` is only needed where a QR is shown, and this module loads only with those screens. Its load
// starts now, with the screen, instead of after the screen's data arrived and the first QR rendered: on
// the ticket page that was one more request in the chain before the largest paint (issue 12).
if (typeof window !== 'undefined') void loadQrcode().catch(() => undefined);

/**
 * One QR code as an image with its alt text. `qrcode` loads only when a screen that shows a QR loads (it is
 * not needed anywhere else) and draws SVG: sharp at any size, in print too, and without a canvas.
 */
export function QrImage({ payload, alt }: { payload: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void loadQrcode()
      .then((qrcode) => qrcode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      });
    return () => {
      current = false;
    };
  }, [payload]);

  return src ? (
    <img className="qr-image" src={src} alt={alt} width={240} height={240} />
  ) : (
    <span className="qr-image qr-image--pending" role="img" aria-label={alt} aria-busy="true" />
  );
}
