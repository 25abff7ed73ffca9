import type { ReactElement } from 'react';
import { act, cleanup } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { StoreApi } from 'zustand';
import type { LangCode } from '@kippu/contract/enums';
import type { ConfigurationResponse } from '@kippu/contract/site-settings';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { useSpotStore, useSpotTokensStore } from '../shared/stores/spot-store.ts';
import { useTicketStore } from '../shared/stores/ticket-store.ts';
import { useToastStore } from '../shared/stores/toast-store.ts';
import { renderRoutes } from '../test/render.tsx';

const reset = <S,>(store: StoreApi<S>) => store.setState(store.getInitialState(), true);

/** A clean page: no screen, empty stores and storage, no title, colours or scripts from the last look. */
export async function freshPage(): Promise<void> {
  cleanup();
  // What the last screen started (a lazy tag-manager chunk, a toast's timers) ends before the page is wiped,
  // or it would land on the next look.
  await settle(50);
  sessionStorage.clear();
  localStorage.clear();
  [useCoreStore, useTicketStore, useSpotStore, useSpotTokensStore].forEach((store) => reset(store as never));
  useToastStore.setState({ toastText: '', isOpen: false });
  document.title = '';
  document.documentElement.removeAttribute('style');
  document.head.querySelectorAll('script').forEach((script) => script.remove());
}

/** What a visitor would see and the page carries: the screen's markup, the title, <html>'s colours, scripts. */
export function snapshot(): string {
  const scripts = [...document.head.querySelectorAll('script')].map((script) => script.src).join(' ');
  // Form values live in properties, not in the markup: a pre-filled field, a ticked box or a chosen radio shows here.
  const fields = [...document.body.querySelectorAll('input, select, textarea')]
    .map((field) => {
      const input = field as HTMLInputElement;
      const ticks = input.type === 'checkbox' || input.type === 'radio';
      return `${input.name}=${ticks ? `${input.value}:${String(input.checked)}` : input.value}`;
    })
    .join(' ');
  return [
    `title=${document.title}`,
    `fields=${fields}`,
    `style=${document.documentElement.getAttribute('style') ?? ''}`,
    `scripts=${scripts}`,
    withoutTickingDigits(document.body),
  ].join('\n');
}

/**
 * The body's markup with the digits of every timer (the hold's countdown, its text and label) masked: a countdown that ticked
 * between two looks would make them differ whatever the value under test did (a look that passed with its
 * reader broken, registry helper's report). The timer itself, and everything else, stays in the markup.
 */
function withoutTickingDigits(body: HTMLElement): string {
  const copy = body.cloneNode(true) as HTMLElement;
  for (const timer of copy.querySelectorAll('[role="timer"]')) {
    for (const attribute of [...timer.attributes]) attribute.value = attribute.value.replace(/\d+/g, '#');
    const texts = document.createTreeWalker(timer, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      node.textContent = (node.textContent ?? '').replace(/\d+/g, '#');
    }
  }
  return copy.innerHTML;
}

/** Lets effects, lazy imports and queries settle a little (no fake timers: the screens run as in a browser). */
export async function settle(ms = 30): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/**
 * Renders `element` at `path` (with `extra` routes) on a fresh page whose site configuration is `config`,
 * waits for `ready` (a check that throws until the screen has drawn), and answers the snapshot.
 */
export async function look(
  config: ConfigurationResponse,
  element: ReactElement,
  options: { path?: string; route?: string; extra?: RouteObject[]; ready?: () => void; lang?: LangCode } = {},
): Promise<string> {
  useCoreStore.setState({ configuration: config });
  const route = options.route ?? options.path ?? '/';
  await renderRoutes(
    [{ path: route, element }, ...(options.extra ?? [])],
    options.path ?? '/',
    options.lang ?? 'en',
  );
  await settle();
  if (options.ready) {
    const { waitFor } = await import('@testing-library/react');
    await waitFor(options.ready);
  }
  await settle();
  return snapshot();
}
