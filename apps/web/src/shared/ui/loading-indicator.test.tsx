import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { useRequestStore } from '../stores/request-store.ts';
import { LoadingIndicator } from './loading-indicator.tsx';

describe('LoadingIndicator', () => {
  it('is busy only while a request is in flight', async () => {
    await renderWithProviders(<LoadingIndicator />);
    const status = screen.getByTestId('loading');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-busy')).toBe('false');
    act(() => useRequestStore.getState().start('post'));
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading…');
    act(() => useRequestStore.getState().finish('post'));
    expect(status.getAttribute('aria-busy')).toBe('false');
  });
});
