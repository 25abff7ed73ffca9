/**
 * A QR reader for a video element: the browser's own BarcodeDetector where it reads QR codes (Android,
 * macOS, ChromeOS), else ZXing compiled to wasm (`zxing-wasm`, the engine the `barcode-detector` polyfill
 * wraps: that package's own bundled copy failed in our production build with "unbound types", ADR 030).
 * The wasm file is one of our own hashed build assets (Vite `?url`), never the default CDN: the CSP allows
 * only 'self'. Loaded on demand, so only the screens that scan pay for it: the gate, and the console's orders
 * search (issue 29), which imports this file lazily (the console may use the visitor app's shared/, not its
 * features/, ADR 067).
 */
export interface QrDetector {
  detect(source: HTMLVideoElement | ImageBitmap | HTMLCanvasElement): Promise<{ rawValue: string }[]>;
}

type NativeDetectorClass = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
};

export async function createQrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    return new Native({ formats: ['qr_code'] });
  }
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async detect(source) {
      const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
      const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
      if (!context || width === 0 || height === 0) return [];
      canvas.width = width;
      canvas.height = height;
      context.drawImage(source, 0, 0, width, height);
      const found = await readBarcodes(context.getImageData(0, 0, width, height), {
        formats: ['QRCode'],
        maxNumberOfSymbols: 1,
      });
      return found.filter((barcode) => barcode.isValid).map((barcode) => ({ rawValue: barcode.text }));
    },
  };
}
