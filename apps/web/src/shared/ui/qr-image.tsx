import { useEffect, useState } from 'react';

/**
 * One QR code as an image with its alt text. `qrcode` loads only when a ticket is shown (it is not needed
 * anywhere else) and draws SVG: sharp at any size, in print too, and without a canvas.
 */
export function QrImage({ payload, alt }: { payload: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
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
