import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { RootLayout } from './root-layout.tsx';

const routes = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { path: 'first', element: <p>first screen</p> },
      { path: 'second', element: <p>second screen</p> },
    ],
  },
];
const wrapperOf = (text: string) => screen.getByText(text).closest('main > div');

describe('root layout: the routed view', () => {
  it('shows the first screen without the fade (it replaces the first paint) and fades in every later one', async () => {
    const { router } = await renderRoutes(routes, '/first');
    expect(wrapperOf('first screen')!.className).not.toContain('route-fade');
    await act(() => router.navigate('/second'));
    expect(wrapperOf('second screen')!.className).toContain('route-fade');
    // Back on the first path, it is a navigation like any other.
    await act(() => router.navigate('/first'));
    expect(wrapperOf('first screen')!.className).toContain('route-fade');
  });
});
