/**
 * What an uploaded file is, by its content (issue 28, ADR 071): PNG, JPEG or WebP by their magic bytes, with
 * the dimensions parsed from their header (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X), without a dependency.
 * Anything else (SVG, a renamed text file, a truncated header) is not an image here.
 */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

export interface ImageHeader {
  mime: ImageMime;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame header with the image's size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    let marker = bytes[at + 1]!;
    // Fill bytes before a marker.
    while (marker === 0xff && at + 2 < bytes.length) marker = bytes[++at + 1]!;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end or scan data before any frame header
    if (at + 4 > bytes.length) return null; // the fill bytes ran to the end: no room for a length
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { mime: 'image/jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function webp(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 30) return null;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // A key frame: its start code, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return {
      mime: 'image/webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { mime: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { mime: 'image/webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/**
 * The file's type and size from its header, or null when it is not a PNG, JPEG or WebP image. Each reader
 * checks its bounds; a read past the end that one missed is still "not an image" (a 400), never a 500.
 */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  try {
    return png(bytes) ?? jpeg(bytes) ?? webp(bytes);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
