import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LangCode } from '@kippu/contract';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { launchBrowser } from '../browser.ts';
import { text } from '../texts.ts';

/**
 * The gate device of the browser journeys (ADR 030): a second browser whose camera is Chromium's fake capture
 * device, playing a picture the test writes, and the steps staff take on the scanner screen (`/gate`).
 */

/** The demo's gate key (README "Entry gate"; apps/server/src/seed/demo-gate-keys.ts). */
export const DEMO_GATE_KEY = 'KG1-DEMOGATEDEMOGATEDEMOGATEDEMOGATE';

const WIDTH = 640;
const HEIGHT = 480;
const WHITE = 235;
const BLACK = 16;

/** A camera picture: one 640×480 frame's luma (brightness) bytes, row by row. */
export type CameraFrame = Buffer;

/** The QR code of `payload`, black on white in the middle of the frame. */
export function qrFrame(payload: string): CameraFrame {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules + 8));
  const left = Math.floor((WIDTH - modules * scale) / 2);
  const top = Math.floor((HEIGHT - modules * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  for (let y = 0; y < modules * scale; y += 1) {
    for (let x = 0; x < modules * scale; x += 1) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale)))
        luma[(top + y) * WIDTH + left + x] = BLACK;
    }
  }
  return luma;
}

/**
 * What a camera held to the visitor's phone sees: `image` (a QR code on the ticket page) as the page draws it
 * (its screenshot, so the page's own colours and size count), scaled into the middle of a white frame.
 */
export async function screenFrame(image: Locator): Promise<CameraFrame> {
  const png = (await image.screenshot({ animations: 'disabled' })).toString('base64');
  const luma = await image.page().evaluate(
    async ({ png, width, height }) => {
      const picture = new Image();
      picture.src = `data:image/png;base64,${png}`;
      await picture.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      const scale = Math.min((width - 80) / picture.width, (height - 80) / picture.height);
      const [w, h] = [picture.width * scale, picture.height * scale];
      context.drawImage(picture, (width - w) / 2, (height - h) / 2, w, h);
      const { data } = context.getImageData(0, 0, width, height);
      let bytes = '';
      for (let i = 0; i < width * height; i += 1) {
        const grey = 0.299 * data[4 * i]! + 0.587 * data[4 * i + 1]! + 0.114 * data[4 * i + 2]!;
        bytes += String.fromCharCode(Math.round(16 + (grey * 219) / 255));
      }
      return btoa(bytes);
    },
    { png, width: WIDTH, height: HEIGHT },
  );
  return Buffer.from(luma, 'base64');
}

/** Writes `frame` as a YUV4MPEG2 (4:2:0) video of a few identical frames, which Chromium loops. */
async function writeVideo(file: string, frame: CameraFrame): Promise<void> {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const body = Buffer.concat([Buffer.from('FRAME\n'), frame, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => body)]));
}

/** A fake camera's video file showing `frame`, in a new temporary folder. */
export async function cameraVideo(frame: CameraFrame): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'kippu-gate-')), 'camera.y4m');
  await writeVideo(file, frame);
  return file;
}

/** A fake camera's video of the QR code of `payload`. */
export async function qrVideo(payload: string): Promise<string> {
  return cameraVideo(qrFrame(payload));
}

/**
 * Puts another picture in front of the camera: Chromium opens the video file each time a page starts the
 * camera, so the scanner reads `frame` once its camera is stopped and started again.
 */
export async function showToCamera(video: string, frame: CameraFrame): Promise<void> {
  await writeVideo(video, frame);
}

/** Removes a video made by `cameraVideo` or `qrVideo` with its folder. */
export async function removeVideo(video: string): Promise<void> {
  await rm(dirname(video), { recursive: true, force: true });
}

/** Another device: its own Chromium, whose camera plays `video` (and whose camera prompt says yes). */
export function launchCameraBrowser(video: string): Promise<Browser> {
  return launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}

/** Closes a browser of its own; bounded, so a Chromium that will not close cannot hold the test run. */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closed = browser.close().then(() => true);
  const gaveUp = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 20_000);
  });
  try {
    if (!(await Promise.race([closed, gaveUp]))) console.warn('[e2e] a camera browser did not close in 20 s');
  } finally {
    clearTimeout(timer);
  }
}

/** The gate device a journey holds: its page, the page's uncaught errors, and `close` (browser and video). */
export interface GateDevice {
  gate: Page;
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * Opens the gate device: its own Chromium whose camera plays `video`, one page with the camera allowed.
 * `close` ends it and removes the video; `onTestFinished` does the same at the latest, also when the test
 * times out with a step still waiting (a `finally` does not run then).
 */
export async function openGateDevice(
  video: string,
  context: BrowserContextOptions,
  onTestFinished: (cleanup: () => Promise<void>) => void,
): Promise<GateDevice> {
  const launching = launchCameraBrowser(video);
  const close = async () => {
    await closeBrowser(await launching.catch(() => undefined));
    await removeVideo(video);
  };
  onTestFinished(close);
  const browser = await launching;
  const gate = await (await browser.newContext({ ...context, permissions: ['camera'] })).newPage();
  const pageErrors: string[] = [];
  gate.on('pageerror', (error) => pageErrors.push(error.message));
  return { gate, pageErrors, close };
}

/** On the gate screen asking for its key: types the demo key and waits for the device's session. */
export async function authoriseGate(gate: Page, lang: LangCode): Promise<void> {
  await gate.getByLabel(text(lang, 'gate_key_label')).fill(DEMO_GATE_KEY);
  await gate.getByRole('button', { name: text(lang, 'gate_key_submit') }).click();
  await gate.getByText(text(lang, 'gate_device', { label: 'Demo gate' })).waitFor();
}

/** The last check-in result the screen shows (`success`, `used`, `invalid`, ...), or null before any. */
export function checkInResult(page: Page): Promise<string | null> {
  return page
    .locator('.check-in-outcome')
    .getAttribute('data-result', { timeout: 1_000 })
    .catch(() => null);
}
