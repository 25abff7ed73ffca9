import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { useDialogStore } from '../stores/dialog-store.ts';
import { DialogHost } from './dialog-host.tsx';

describe('DialogHost', () => {
  it('shows only the first queued dialog as an accessible modal with focus inside', async () => {
    useDialogStore.getState().open({ title: 'First', text: 'Body one', okButtonText: 'Fine' });
    useDialogStore.getState().open({ title: 'Second' });
    await renderWithProviders(<DialogHost />);
    const dialog = screen.getByRole('dialog', { name: 'First' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.queryByText('Second')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fine' }));
  });

  it('OK runs the action and then shows the next dialog', async () => {
    const okAction = vi.fn();
    useDialogStore.getState().open({ title: 'First', okAction });
    useDialogStore.getState().open({ title: 'Second' });
    await renderWithProviders(<DialogHost />);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(okAction).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeTruthy();
  });

  it('has no cancel button without a label; cancel just closes without the action', async () => {
    const okAction = vi.fn();
    useDialogStore.getState().open({ title: 'Plain' });
    await renderWithProviders(<DialogHost />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    act(() => {
      useDialogStore.getState().close();
      useDialogStore
        .getState()
        .open({ title: 'Ask', okAction, ngButtonTextKey: 'common_cancel_unused', ngButtonText: 'Not now' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(okAction).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes the dialog and runs onClose', async () => {
    const onClose = vi.fn();
    useDialogStore.getState().open({ title: 'Esc', onClose });
    await renderWithProviders(<DialogHost />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('traps Tab focus inside the dialog', async () => {
    useDialogStore.getState().open({ title: 'Trap', ngButtonText: 'Back', okButtonText: 'Go' });
    await renderWithProviders(<DialogHost />);
    const back = screen.getByRole('button', { name: 'Back' });
    const go = screen.getByRole('button', { name: 'Go' });
    expect(document.activeElement).toBe(go);
    await userEvent.tab();
    expect(document.activeElement).toBe(back);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(go);
  });

  it('translates key-based dialogs', async () => {
    useDialogStore
      .getState()
      .open({ titleKey: 'error_dialog_out_of_stock_title', textKey: 'error_dialog_out_of_stock_text' });
    await renderWithProviders(<DialogHost />, 'ja');
    expect(screen.getByRole('dialog', { name: '売り切れました' })).toBeTruthy();
  });
});
