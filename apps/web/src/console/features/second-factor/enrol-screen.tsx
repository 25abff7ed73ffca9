import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toString as qrCodeSvg } from 'qrcode';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { confirmTotpBodySchema } from '@kippu/contract/console/identity-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { confirmTotpEnrolment, signOut, startTotpEnrolment } from '../../shared/session/session-api.ts';
import { useRefreshSession } from '../../shared/session/use-session.ts';
import { ErrorNotice, Field, Loading } from '../../shared/ui/ui.tsx';

type Code = z.input<typeof confirmTotpBodySchema>;

function qrDataUrl(payload: string): string | null {
  let url: string | null = null;
  qrCodeSvg(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }, (error, svg) => {
    if (!error) url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
  return url;
}

/**
 * First sign-in of a role that requires a second factor: the authenticator's QR code (and its secret as
 * text, for an app that cannot scan), a code to prove it works, then the recovery codes, shown once.
 */
export function EnrolSecondFactorScreen() {
  const { t } = useConsoleI18n();
  const refresh = useRefreshSession();
  // Not retried and never refetched: each start makes a new secret, and the one on screen must stay valid.
  const start = useQuery({
    queryKey: ['console', 'totp-enrolment'],
    queryFn: startTotpEnrolment,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const form = useForm<Code>({ resolver: zodResolver(confirmTotpBodySchema) });
  const confirm = useMutation({ mutationFn: confirmTotpEnrolment });
  const cancel = useMutation({ mutationFn: signOut, onSettled: refresh });
  const qr = useMemo(() => (start.data ? qrDataUrl(start.data.otpauthUri) : null), [start.data]);

  if (confirm.data) {
    return (
      <main className="c-auth">
        <h1 className="c-auth__title">{t('recovery_codes_title')}</h1>
        <p>{t('recovery_codes_text')}</p>
        <ul className="c-codes">
          {confirm.data.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button className="c-button c-button--primary" type="button" onClick={() => void refresh()}>
          {t('recovery_codes_done')}
        </button>
      </main>
    );
  }
  return (
    <main className="c-auth">
      <h1 className="c-auth__title">{t('enrol_title')}</h1>
      <p>{t('enrol_text')}</p>
      {start.isPending ? <Loading /> : null}
      <ErrorNotice error={start.error} />
      {start.data ? (
        <>
          {qr ? <img className="c-qr" src={qr} alt={t('enrol_qr_alt')} width={200} height={200} /> : null}
          <p>
            {t('enrol_secret')} <code className="c-secret">{start.data.secret}</code>
          </p>
          <form noValidate onSubmit={form.handleSubmit((values) => confirm.mutate(values))}>
            <Field
              label={t('field_totp_code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              error={form.formState.errors.code ? t('validation_code') : undefined}
              {...form.register('code')}
            />
            <ErrorNotice error={confirm.error} />
            <button className="c-button c-button--primary" type="submit" disabled={confirm.isPending}>
              {t('enrol_submit')}
            </button>
          </form>
        </>
      ) : null}
      <p>
        <button className="c-link" type="button" onClick={() => cancel.mutate()}>
          {t('sign_out')}
        </button>
      </p>
    </main>
  );
}
