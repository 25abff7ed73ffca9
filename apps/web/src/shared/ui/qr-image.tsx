import { toString as qrCodeSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * One QR code as an image with its alt text, drawn as SVG by `qrcode`: sharp at any size, in print too, and
 * without a canvas. Only lazy screens that show a QR import this module, so `qrcode` is part of their
 * chunks and loads in parallel with them: on the ticket page, before the ticket's data arrives rather than
 * after it (one request fewer in the chain before the largest paint, issue 12).
 */
export function QrImage({ payload, alt }: { payload: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void qrCodeSvg(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((svg) => {
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
