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
});
