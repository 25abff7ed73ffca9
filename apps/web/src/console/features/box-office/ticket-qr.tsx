import { toString as qrCodeSvg } from 'qrcode';
import { useMemo } from 'react';

/**
 * A ticket's QR code as an SVG image, drawn by `qrcode` (the library the visitor's ticket page uses): sharp
 * on any printer. This module is imported only by the print view, itself a lazy chunk of the box office,
 * so the console's other screens never download `qrcode`.
 */
export function TicketQr({ payload, alt }: { payload: string; alt: string }) {
  const src = useMemo(() => {
    let url: string | null = null;
    // With a callback, qrcode draws synchronously: the code is there when the print dialog opens.
    qrCodeSvg(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }, (error, svg) => {
      if (!error) url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    });
    return url;
  }, [payload]);
  return src ? <img className="c-bo-qr" src={src} alt={alt} width={160} height={160} /> : null;
}
