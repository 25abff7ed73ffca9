import { describe, expect, it } from 'vitest';
import { jpeg, png, pngHeader, SVG, TEXT_FILE, webpVp8l, webpVp8x } from './test-images.ts';
import { readImageHeader } from './image-header.ts';

describe('image headers (issue 28): type by magic bytes, dimensions from the header', () => {
  it('reads PNG, JPEG and WebP (VP8X, VP8L) sizes', () => {
    expect(readImageHeader(png(120, 45))).toEqual({ mime: 'image/png', width: 120, height: 45 });
    expect(readImageHeader(jpeg(640, 480))).toEqual({ mime: 'image/jpeg', width: 640, height: 480 });
    expect(readImageHeader(webpVp8x(300, 200))).toEqual({ mime: 'image/webp', width: 300, height: 200 });
    expect(readImageHeader(webpVp8l(17, 9))).toEqual({ mime: 'image/webp', width: 17, height: 9 });
    expect(readImageHeader(pngHeader(5000, 10))).toEqual({ mime: 'image/png', width: 5000, height: 10 });
  });

  it('is null for SVG, text, truncated headers and a JPEG without a frame header', () => {
    expect(readImageHeader(SVG)).toBeNull();
    expect(readImageHeader(TEXT_FILE)).toBeNull();
    expect(readImageHeader(png(4, 4).subarray(0, 20))).toBeNull();
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
  });

  it('is null for a JPEG whose fill bytes run to the end (FF D8 FF FF FF FF), never an exception', () => {
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xff, 0xff, 0xff]))).toBeNull();
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xff, 0xff, 0xc0]))).toBeNull();
    expect(readImageHeader(Buffer.concat([jpeg(8, 8).subarray(0, 20), Buffer.alloc(9, 0xff)]))).toBeNull();
  });

  it('never throws on any truncation or random corruption of valid headers (fuzz, seeded)', () => {
    const valid = [png(3, 2), jpeg(640, 480), webpVp8x(300, 200), webpVp8l(17, 9), webpVp8(64, 32)];
    const random = mulberry32(0x28);
    const check = (bytes: Buffer) => {
      const header = readImageHeader(bytes);
      if (header) expect(header.width >= 0 && header.height >= 0).toBe(true);
    };
    // Every prefix of every valid header.
    for (const file of valid) for (let end = 0; end <= file.length; end++) check(file.subarray(0, end));
    // Random truncations with a few bytes set to 0xff (JPEG fill bytes), 0x00 or anything.
    for (let round = 0; round < 5_000; round++) {
      const file = Buffer.from(valid[Math.floor(random() * valid.length)]!);
      const end = Math.floor(random() * (file.length + 1));
      const bytes = file.subarray(0, end);
      for (let flips = Math.floor(random() * 4); flips > 0 && end > 0; flips--) {
        const choice = random();
        bytes[Math.floor(random() * end)] =
          choice < 0.5 ? 0xff : choice < 0.7 ? 0 : Math.floor(random() * 256);
      }
      check(bytes);
    }
  });
});

/** A lossy WebP (VP8 key frame) header of width × height. */
function webpVp8(width: number, height: number): Buffer {
  const file = Buffer.alloc(30);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(22, 4);
  file.write('WEBP', 8, 'latin1');
  file.write('VP8 ', 12, 'latin1');
  file.writeUInt32LE(10, 16);
  file.set([0x9d, 0x01, 0x2a], 23);
  file.writeUInt16LE(width, 26);
  file.writeUInt16LE(height, 28);
  return file;
}

/** A small seeded generator: the same fuzz inputs on every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
