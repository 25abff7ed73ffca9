import { sql } from 'drizzle-orm';
import type { ENVIRONMENTS, PaymentMethod, SiteCode, SiteSettings } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { SITE_LIST_TTL_MS } from '../sites/site-directory.ts';
import type { ContentSecurityDeclaration } from './payment-provider.ts';
import type { PaymentRegistry } from './payment-registry.ts';

type Directive = keyof ContentSecurityDeclaration;
const DIRECTIVES: readonly Directive[] = ['scriptSrc', 'frameSrc', 'formAction', 'connectSrc'];
type Environment = (typeof ENVIRONMENTS)[number];

const httpsOrigin = (url: string | null | undefined): string[] =>
  url?.startsWith('https://') ? [new URL(url).origin] : [];

/**
 * The origins of the scripts a site's own settings make its pages load beside its payment methods' (ADR
 * 101): its fraud-screening script and its gtag script (the scripts and the calls they make). Declared per site, so admitted only on the sites that declare them; a
 * same-origin path (the simulator's, in development) is 'self' already. The SPA is one page per site, so
 * the policy is per site, not per screen: every screen of a site that declares a script may load it, and
 * only the payment screen (fingerprint, token scripts) and the root layout (gtag) do.
 */
async function settingsOf(db: Db, site: SiteCode) {
  const { rows } = await db.execute<{
    payment: Partial<SiteSettings['payment']> | null;
    gatag: string | null;
  }>(sql`
    SELECT settings -> 'payment' AS payment, settings -> 'analytics' ->> 'gatagKeyUrl' AS gatag
    FROM sites WHERE code = ${site}`);
  return { payment: rows[0]?.payment ?? {}, gatag: rows[0]?.gatag ?? null };
}

function settingsScriptOrigins(settings: Awaited<ReturnType<typeof settingsOf>>): ContentSecurityDeclaration {
  const origins = [
    ...new Set([...httpsOrigin(settings.payment.deviceFingerprintScriptUrl), ...httpsOrigin(settings.gatag)]),
  ];
  return origins.length ? { scriptSrc: origins, connectSrc: origins } : {};
}

/**
 * The outside origins a site's pages must allow (issue 8): the union of the declarations of the payment
 * methods the site enables on any channel. A site that pays through no outside gateway (or only through the
 * simulator, which is same-origin) allows nothing beyond the base policy.
 */
export async function siteContentSecurity(
  db: Db,
  payments: PaymentRegistry,
  site: SiteCode,
  environment: Environment = 'development',
): Promise<ContentSecurityDeclaration> {
  const { rows } = await db.execute<{ method: PaymentMethod }>(sql`
    SELECT DISTINCT method FROM payment_methods WHERE site_code = ${site} AND enabled`);
  const merged: Record<Directive, Set<string>> = {
    scriptSrc: new Set(),
    frameSrc: new Set(),
    formAction: new Set(),
    connectSrc: new Set(),
  };
  const settings = await settingsOf(db, site);
  for (const { method } of rows) {
    const provider = payments.providerFor(method);
    // A method's processor may depend on the site's settings (the second and third card processors).
    for (const declared of [
      provider?.contentSecurity,
      provider?.contentSecurityFor?.(settings.payment, environment),
    ])
      for (const directive of DIRECTIVES)
        for (const origin of declared?.[directive] ?? []) merged[directive].add(origin);
  }
  for (const directive of DIRECTIVES)
    for (const origin of settingsScriptOrigins(settings)[directive] ?? []) merged[directive].add(origin);
  return Object.fromEntries(
    DIRECTIVES.filter((directive) => merged[directive].size > 0).map((directive) => [
      directive,
      [...merged[directive]].sort(),
    ]),
  );
}

/** siteContentSecurity kept per site as long as the site list (staff may enable a method while it runs). */
export function cachedSiteContentSecurity(
  db: Db,
  payments: PaymentRegistry,
  environment: Environment = 'development',
) {
  const kept = new Map<SiteCode, { at: number; declaration: Promise<ContentSecurityDeclaration> }>();
  return (site: SiteCode): Promise<ContentSecurityDeclaration> => {
    const entry = kept.get(site);
    if (entry && Date.now() - entry.at < SITE_LIST_TTL_MS) return entry.declaration;
    const declaration = siteContentSecurity(db, payments, site, environment);
    kept.set(site, { at: Date.now(), declaration });
    declaration.catch(() => kept.delete(site));
    return declaration;
  };
}

const KEBAB: Record<Directive, string> = {
  scriptSrc: 'script-src',
  frameSrc: 'frame-src',
  formAction: 'form-action',
  connectSrc: 'connect-src',
};

/**
 * The base policy (helmet's header, plugins) widened by a declaration: each declared origin joins its
 * directive; a directive the base leaves to `default-src` starts from `'self'`.
 */
export function widenPolicy(basePolicy: string, declaration: ContentSecurityDeclaration): string {
  const directives = new Map<string, string[]>();
  for (const part of basePolicy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  for (const directive of DIRECTIVES) {
    const origins = declaration[directive];
    if (!origins?.length) continue;
    const name = KEBAB[directive];
    const values = directives.get(name) ?? ["'self'"];
    directives.set(name, [...values, ...origins.filter((origin) => !values.includes(origin))]);
  }
  return [...directives].map(([name, values]) => [name, ...values].join(' ')).join(';');
}
