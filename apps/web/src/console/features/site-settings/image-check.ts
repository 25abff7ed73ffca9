/** The picture kinds the server takes (it checks the bytes again, and never takes SVG). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export type ImageProblem = 'type' | 'size' | 'unreadable';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);

/**
 * The kind a file's first bytes name, whatever its name or the type the browser guessed from it: a text file
 * renamed `logo.png` is no picture (the server reads the same magic bytes: PNG, JPEG, RIFF…WEBP).
 */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

export interface CheckedImage {
  type: ImageType;
  /** `data:<type>;base64,...`: the preview (the console's CSP allows `data:` images, not `blob:`). */
  dataUrl: string;
  /** The bytes as base64, as the upload sends them. */
  base64: string;
  size: number;
}

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

const readHead = (file: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file.slice(0, 16));
  });

/**
 * Checks a chosen file before anything is sent: not over `maxBytes`, and a PNG, JPEG or WebP by its bytes.
 * Answers the problem, or the picture ready to preview and upload.
 */
export async function checkImage(
  file: Blob,
  maxBytes: number,
): Promise<{ ok: true; image: CheckedImage } | { ok: false; problem: ImageProblem }> {
  if (file.size > maxBytes) return { ok: false, problem: 'size' };
  let head: Uint8Array;
  try {
    head = await readHead(file);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const type = sniffImageType(head);
  if (!type) return { ok: false, problem: 'type' };
  const dataUrl = await readAsDataUrl(file);
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return { ok: true, image: { type, dataUrl: `data:${type};base64,${base64}`, base64, size: file.size } };
}
