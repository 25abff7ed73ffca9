import { describe, expect, it, vi } from 'vitest';
import { loadApp } from './load-app.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    size: () => items.size,
  };
}

describe('loadApp', () => {
  it('reloads the page once when the app cannot be loaded, then leaves the failure to the console', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    await loadApp(failing, storage, reload);
    expect(reload).toHaveBeenCalledOnce();
    await expect(loadApp(failing, storage, reload)).rejects.toThrow('dynamically imported');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('forgets the retry once the app has loaded, so a later failure reloads again', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    await loadApp(() => Promise.reject(new Error('offline')), storage, reload);
    await loadApp(() => Promise.resolve(), storage, reload);
    expect(storage.size()).toBe(0);
    await loadApp(() => Promise.reject(new Error('offline')), storage, reload);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
