import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint.ts';

describe('afterFirstPaint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for a frame and the task after it when the page has a first paint to show', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const root = document.createElement('div');
    root.innerHTML = '<header>Kippu</header>';
    let done = false;
    const waiting = afterFirstPaint(root).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    frames[0]!(0);
    await waiting;
    expect(done).toBe(true);
  });

  it('resolves at once when there is nothing painted to wait for', async () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    await afterFirstPaint(document.createElement('div'));
    await afterFirstPaint(null);
    expect(frame).not.toHaveBeenCalled();
  });
});
