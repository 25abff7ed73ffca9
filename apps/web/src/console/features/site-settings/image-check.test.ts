import { describe, expect, it } from 'vitest';
import { checkImage, sniffImageType } from './image-check.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

describe('sniffImageType', () => {
  it('names PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBP')))).toBe('image/webp');
  });

  it('names nothing else: SVG, GIF, a RIFF that is not WebP, a short file', () => {
    expect(sniffImageType(bytes(...ascii('<svg xmlns=')))).toBeNull();
    expect(sniffImageType(bytes(...ascii('GIF89a')))).toBeNull();
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')))).toBeNull();
    expect(sniffImageType(bytes(0x89, 0x50))).toBeNull();
  });
});

describe('checkImage', () => {
  it('answers the picture as base64 and a data URL of its sniffed type, whatever the name says', async () => {
    const file = new File([bytes(0xff, 0xd8, 0xff, 0xdb, 1, 2)], 'photo.png', { type: 'image/png' });
    const result = await checkImage(file, 100);
    expect(result).toEqual({
      ok: true,
      image: {
        type: 'image/jpeg',
        base64: btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xdb, 1, 2)),
        dataUrl: `data:image/jpeg;base64,${btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xdb, 1, 2))}`,
        size: 6,
      },
    });
  });

  it('refuses a file over the size before reading it, and a file that is no picture', async () => {
    expect(await checkImage(new File([new Uint8Array(101)], 'a.png'), 100)).toEqual({
      ok: false,
      problem: 'size',
    });
    expect(await checkImage(new File(['hello'], 'a.png'), 100)).toEqual({ ok: false, problem: 'type' });
  });
});
