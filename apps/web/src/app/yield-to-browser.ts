/**
 * Ends the current task: what follows runs in a new one, so the browser can paint and answer input in
 * between. The app's start is a chain of steps that together take longer than a phone should be blocked
 * for (total blocking time counts every task past 50 ms, issue 12); yielding between them keeps each short.
 * `scheduler.yield` runs the rest ahead of other queued work where the browser has it; elsewhere a message
 * to itself, which a background tab does not throttle the way it throttles timers (to a second each).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
