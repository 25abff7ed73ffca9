import { deflateSync } from 'node:zlib';

/** Small real image files for the settings tests, made by hand (no dependency). */

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid grey PNG of width × height (8-bit greyscale). */
export function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG signature and IHDR claiming width × height, padded to `size` bytes (for limits only). */
export function pngHeader(width: number, height: number, size = 64): Buffer {
  const file = Buffer.alloc(Math.max(size, 33));
  png(1, 1).copy(file, 0, 0, 33);
  file.writeUInt32BE(width, 16);
  file.writeUInt32BE(height, 20);
  return file;
}

/** A baseline JPEG's markers up to its frame header (SOI, APP0 JFIF, SOF0 of width × height), then EOI. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0,
  ]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A WebP container with a VP8X header of width × height. */
export function webpVp8x(width: number, height: number): Buffer {
  const file = Buffer.alloc(30);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(22, 4);
  file.write('WEBP', 8, 'latin1');
  file.write('VP8X', 12, 'latin1');
  file.writeUInt32LE(10, 16);
  file.writeUIntLE(width - 1, 24, 3);
  file.writeUIntLE(height - 1, 27, 3);
  return file;
}

/** A WebP container with a lossless (VP8L) header of width × height. */
export function webpVp8l(width: number, height: number): Buffer {
  const file = Buffer.alloc(30);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(22, 4);
  file.write('WEBP', 8, 'latin1');
  file.write('VP8L', 12, 'latin1');
  file.writeUInt32LE(5, 16);
  file[20] = 0x2f;
  file.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  return file;
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const TEXT_FILE = Buffer.from('This is a text file renamed to logo.png\n');
