import { vi } from 'vitest';
import { ROLE_TEMPLATES, type RoleTemplateKey } from '@kippu/contract/console/permissions';
import type { ConsoleSite, SessionResponse } from '@kippu/contract/console/identity-schemas';

export interface FakeCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown } | ((call: FakeCall) => { status: number; body: unknown });

/**
 * A fetch stand-in for the console API: answers by `METHOD /path` (the path under /console/api/v1, query
 * left out), records every call with its headers, and answers 404 with the one error body otherwise.
 */
export function fakeConsoleApi(answers: Record<string, Answer>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/console\/api\/v1/, '');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: path + url.search,
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>)),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const answer = answers[`${call.method} ${path}`];
    const { status, body } = answer
      ? typeof answer === 'function'
        ? answer(call)
        : answer
      : { status: 404, body: { error: 'not found' } };
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A covered site of a session: code, name, and its facts (no membership login, no members, unless given). */
export type SiteFixture = Pick<ConsoleSite, 'code' | 'name'> & Partial<ConsoleSite>;

export const siteOf = (site: SiteFixture): ConsoleSite => ({
  membershipLogin: false,
  hasMembers: false,
  ...site,
});

/**
 * A signed-in session of a role template, with its permissions from the contract's table. Its sites by
 * default: MORI with membership login and members, BORDERLESS without either.
 */
export function sessionOf(
  template: RoleTemplateKey,
  { sites, ...overrides }: Omit<Partial<SessionResponse>, 'sites'> & { sites?: SiteFixture[] } = {},
): SessionResponse {
  return {
    staff: { id: 7, email: `${template}@example.com`, name: `Demo ${template}`, lang: 'en' },
    organisation: { id: 1, code: 'kippu-demo', name: 'Kippu Demo' },
    role: { id: 3, name: template, template },
    permissions: ROLE_TEMPLATES[template].permissions,
    limits: ROLE_TEMPLATES[template].limits,
    sites: (
      sites ?? [
        { code: 'MORI', name: 'Mori', membershipLogin: true, hasMembers: true },
        { code: 'BORDERLESS', name: 'Borderless' },
      ]
    ).map(siteOf),
    allSites: false,
    csrfToken: 'csrf-token-1',
    secondFactor: 'not-required',
    totpEnabled: false,
    recoveryCodesLeft: null,
    ...overrides,
  };
}

export const SIGNED_OUT = { status: 401, body: { error: 'console sign in required' } };
