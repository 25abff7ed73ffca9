import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { KioskDevice } from '@kippu/contract/console/box-office-schemas';
import { permits } from '@kippu/contract/console/permissions';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { DataTable, ErrorNotice, Field } from '../../shared/ui/ui.tsx';

// The pairing URL's QR code (for the tablet's camera) comes with the print view's chunk and `qrcode`.
const TicketQr = lazy(async () => ({ default: (await import('./ticket-qr.tsx')).TicketQr }));

const kioskKeys = { all: (site: string) => ['console', 'kiosk-devices', site] as const };

/**
 * The site's kiosks (ADR 080): add one and pair it (a one-time URL, also as a QR code, opened on the tablet
 * within 15 minutes), pair again, revoke. Under the counter's screen, closed by default: the counter's work is
 * selling. Adding and pairing ask for the password again (the client's dialog).
 */
export function KioskDevices({ site, session }: { site: string; session: ConsoleSession }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const canWrite = permits(session.permissions?.orders ?? 'none', 'write');
  const devices = useQuery({
    queryKey: kioskKeys.all(site),
    queryFn: () => consoleCall(R.consoleListKioskDevices, { params: { site } }),
    enabled: open,
  });
  const refresh = () => client.invalidateQueries({ queryKey: kioskKeys.all(site) });
  const create = useMutation({
    mutationFn: (deviceName: string) =>
      consoleCall(R.consoleCreateKioskDevice, { params: { site }, body: { name: deviceName } }),
    onSuccess: () => {
      setName('');
      void refresh();
    },
  });
  const pair = useMutation({
    mutationFn: (device: KioskDevice) =>
      consoleCall(R.consolePairKioskDevice, { params: { site, id: device.id } }),
    onSuccess: () => void refresh(),
  });
  const revoke = useMutation({
    mutationFn: (device: KioskDevice) =>
      consoleCall(R.consoleRevokeKioskDevice, { params: { site, id: device.id } }),
    onSuccess: () => void refresh(),
  });
  const pairing = pair.data ?? create.data;
  return (
    <details className="c-bo-kiosks" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('box_office_kiosks')}</summary>
      <p className="c-field__hint">{t('box_office_kiosks_text')}</p>
      {canWrite ? (
        <form
          className="c-bo-mail"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) create.mutate(name.trim());
          }}
        >
          <Field
            label={t('box_office_kiosk_name')}
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button className="c-button" type="submit" disabled={create.isPending}>
            {t('box_office_kiosk_add')}
          </button>
        </form>
      ) : null}
      <ErrorNotice error={devices.error ?? create.error ?? pair.error ?? revoke.error} />
      {pairing ? (
        <div className="c-notice c-notice--ok" role="status">
          <p>
            {t('box_office_kiosk_pairing', {
              name: pairing.device.name,
              until: f.dateTime(pairing.pairing_expires_at),
            })}
          </p>
          <p>
            <code className="c-key">{pairing.pairing_url}</code>
          </p>
          <Suspense fallback={null}>
            <TicketQr
              payload={pairing.pairing_url}
              alt={t('box_office_kiosk_qr', { name: pairing.device.name })}
            />
          </Suspense>
        </div>
      ) : null}
      {devices.data ? (
        <DataTable
          caption={t('box_office_kiosks')}
          rows={devices.data.devices}
          rowKey={(device) => device.id}
          empty={t('box_office_kiosks_none')}
          columns={[
            { key: 'name', header: t('box_office_kiosk_name'), cell: (device) => device.name },
            { key: 'created', header: t('created_at'), cell: (device) => f.dateTime(device.created_at) },
            {
              key: 'used',
              header: t('box_office_kiosk_last_used'),
              cell: (device) => f.dateTime(device.last_used_at),
            },
            {
              key: 'state',
              header: t('state'),
              cell: (device) =>
                device.revoked_at
                  ? t('box_office_kiosk_revoked')
                  : device.pairing_expires_at && Date.parse(device.pairing_expires_at) > Date.now()
                    ? t('box_office_kiosk_waiting')
                    : t('box_office_kiosk_active'),
            },
            {
              key: 'actions',
              header: t('box_office_kiosk_actions'),
              cell: (device) =>
                canWrite && !device.revoked_at ? (
                  <span className="c-actions">
                    <button
                      className="c-button c-button--small"
                      type="button"
                      disabled={pair.isPending}
                      aria-label={t('box_office_kiosk_pair_named', { name: device.name })}
                      onClick={() => pair.mutate(device)}
                    >
                      {t('box_office_kiosk_pair')}
                    </button>
                    <button
                      className="c-button c-button--small c-button--danger"
                      type="button"
                      disabled={revoke.isPending}
                      aria-label={t('box_office_kiosk_revoke_named', { name: device.name })}
                      onClick={() => revoke.mutate(device)}
                    >
                      {t('box_office_kiosk_revoke')}
                    </button>
                  </span>
                ) : null,
            },
          ]}
        />
      ) : null}
    </details>
  );
}
