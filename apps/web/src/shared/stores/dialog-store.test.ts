import { describe, expect, it, vi } from 'vitest';
import { hasCancelButton, useDialogStore } from './dialog-store.ts';

const store = () => useDialogStore.getState();

describe('dialog queue (spec §4)', () => {
  it('gives each opened dialog the next number and keeps them in order', () => {
    const first = store().open({ title: 'one' });
    const second = store().open({ title: 'two' });
    expect([first, second]).toEqual([1, 2]);
    expect(store().dialogs.map((dialog) => dialog.title)).toEqual(['one', 'two']);
  });

  it('keeps numbering after dialogs are closed', () => {
    store().open({ title: 'one' });
    store().close();
    expect(store().open({ title: 'two' })).toBe(2);
  });

  it('OK runs the action, then closes (running onClose)', () => {
    const calls: string[] = [];
    const number = store().open({
      okAction: () => calls.push('ok'),
      onClose: () => calls.push('close'),
    });
    store().ok(number);
    expect(calls).toEqual(['ok', 'close']);
    expect(store().dialogs).toEqual([]);
  });

  it('close without a number removes the oldest dialog and runs its onClose', () => {
    const onFirstClose = vi.fn();
    const onSecondClose = vi.fn();
    store().open({ title: 'one', onClose: onFirstClose });
    store().open({ title: 'two', onClose: onSecondClose });
    store().close();
    expect(onFirstClose).toHaveBeenCalledOnce();
    expect(onSecondClose).not.toHaveBeenCalled();
    expect(store().dialogs.map((dialog) => dialog.title)).toEqual(['two']);
  });

  it('close with a number removes exactly that dialog', () => {
    store().open({ title: 'one' });
    const second = store().open({ title: 'two' });
    store().open({ title: 'three' });
    store().close(second);
    expect(store().dialogs.map((dialog) => dialog.number)).toEqual([1, 3]);
  });

  it('closing an unknown number changes nothing', () => {
    store().open({ title: 'one' });
    store().close(42);
    expect(store().dialogs).toHaveLength(1);
  });

  it('offers cancel only when a cancel label is given', () => {
    expect(hasCancelButton({ title: 'x' })).toBe(false);
    expect(hasCancelButton({ ngButtonText: 'No' })).toBe(true);
    expect(hasCancelButton({ ngButtonTextKey: 'common_cancel' })).toBe(true);
  });
});
