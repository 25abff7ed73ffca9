import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  createCouponBatchBodySchema,
  createCouponBodySchema,
  updateCouponBatchBodySchema,
  updateCouponBodySchema,
  type ConsoleCoupon,
  type CouponBatch,
} from '@kippu/contract/console/coupons-schemas';
import { ConsoleApiError } from '../../shared/api/console-client.ts';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { localizedResolver } from '../../shared/ui/form-support.ts';
import { ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { couponMessage, definitionOf, formValuesOf, type CouponFormValues } from './definition-fields.tsx';
import { ReloadOnConflict } from './reload-on-conflict.tsx';

// What the coupon and batch screens share: the page around them, their form's plumbing, Save.

export function BackLink({ site }: { site: string }) {
  const { t } = useConsoleI18n();
  return (
    <a className="c-link" href={hrefOf('coupons', { site })}>
      {t('coupons_back')}
    </a>
  );
}

/** A page of the coupon or batch screen: its title and the way back to the list. */
export function EditorPage({ site, title, children }: { site: string; title: string; children: ReactNode }) {
  return (
    <Page title={title} actions={<BackLink site={site} />}>
      {children}
    </Page>
  );
}

/** The loading state or the error of a record's read, on its page. */
export function NotLoaded({ query }: { query: UseQueryResult }) {
  return query.isPending && !query.error ? <Loading /> : <ErrorNotice error={query.error} />;
}

/**
 * An edited record (a coupon, a batch): read once (the form must not change under the user), and a key that
 * remounts the form after a save or a reload, so it starts from what is saved.
 */
export function useEditedRecord<T>(options: {
  queryKey: readonly unknown[];
  queryFn: () => Promise<T>;
  enabled: boolean;
}) {
  const query = useQuery({ ...options, staleTime: Infinity, refetchOnWindowFocus: false });
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState(false);
  const reload = async () => {
    await query.refetch();
    setSaved(false);
    setFormKey((key) => key + 1);
  };
  const markSaved = () => {
    setSaved(true);
    setFormKey((key) => key + 1);
  };
  return { query, formKey, saved, reload, markSaved };
}

export type Mode = 'coupon-new' | 'coupon-edit' | 'batch-new' | 'batch-edit';

/** The body each form sends, from its values: zod then checks exactly what the API will. */
function bodyOf(mode: Mode, values: CouponFormValues, version: number | null) {
  const definition = definitionOf(values);
  if (mode === 'coupon-new') return { code: values.code, ...definition };
  if (mode === 'coupon-edit') return { code: values.code, ...definition, expected_version: version };
  if (mode === 'batch-new') return { prefix: values.prefix, count: values.count, ...definition };
  return { ...definition, expected_version: version };
}
const SCHEMAS = {
  'coupon-new': createCouponBodySchema,
  'coupon-edit': updateCouponBodySchema,
  'batch-new': createCouponBatchBodySchema,
  'batch-edit': updateCouponBatchBodySchema,
} as const;

const FIELDS = [
  'code',
  'prefix',
  'count',
  'kind',
  'discount_value',
  'names',
  'campaign',
  'valid_from',
  'valid_to',
  'coverage_from',
  'coverage_to',
  'channels',
  'product_ids',
  'usage_limit',
  'payment_methods',
];

/**
 * A coupon form: the resolver turns the values into the API's body and checks it (so the submit handler gets
 * that body); the API's `issues` come back at their fields.
 */
export function useCouponForm(mode: Mode, source: ConsoleCoupon | CouponBatch | null) {
  const { t } = useConsoleI18n();
  const version = source?.version ?? null;
  const schema = useMemo(
    () => z.preprocess((raw) => bodyOf(mode, raw as CouponFormValues, version), SCHEMAS[mode]),
    [mode, version],
  );
  const kindRef = useRef<CouponFormValues['kind']>(source?.kind ?? 'percent');
  const form: UseFormReturn<CouponFormValues> = useForm<CouponFormValues>({
    resolver: localizedResolver<CouponFormValues>(schema, (path) => couponMessage(t, path, kindRef.current)),
    defaultValues: formValuesOf(source),
  });
  kindRef.current = form.watch('kind');
  const showIssues = (error: unknown) => {
    if (!(error instanceof ConsoleApiError)) return;
    if (isApiError(error, 'console_code_taken')) {
      form.setError(
        'code',
        { type: 'server', message: t('error_console_code_taken') },
        { shouldFocus: true },
      );
      return;
    }
    let first = true;
    for (const issue of error.issues) {
      const head = issue.path.split('.')[0]!;
      if (!FIELDS.includes(head)) continue;
      form.setError(
        issue.path as FieldPath<CouponFormValues>,
        { type: 'server', message: couponMessage(t, issue.path, form.getValues('kind')) },
        { shouldFocus: first },
      );
      first = false;
    }
  };
  return { form, showIssues };
}

export function SavedAndSubmit({
  saved,
  canWrite,
  pending,
  error,
  onReload,
  submit,
}: {
  saved: boolean;
  canWrite: boolean;
  pending: boolean;
  error: unknown;
  onReload: () => unknown;
  submit: string;
}) {
  const { t } = useConsoleI18n();
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) note.current?.focus();
  }, [saved]);
  return (
    <>
      <ReloadOnConflict error={error} onReload={onReload} />
      {saved ? (
        <p ref={note} tabIndex={-1} className="c-notice c-notice--ok" role="status">
          {t('coupons_saved')}
        </p>
      ) : null}
      {canWrite ? (
        <button className="c-button c-button--primary" type="submit" disabled={pending}>
          {submit}
        </button>
      ) : null}
    </>
  );
}
