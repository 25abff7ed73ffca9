import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createGateDeviceBodySchema } from '@kippu/contract/console/operations-devices';
import { siteSlug } from '@kippu/contract/sites';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';

type NewDevice = z.input<typeof createGateDeviceBodySchema>;

/**
 * The site's gate devices (replacing `npm run gate-key`): register one and see its key once, with where to
 * type it; revoke one, after which its scans are refused.
 */
export function GateDevicesScreen({ params }: { params: Record<string, string> }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const site = params.site!;
  const client = useQueryClient();
  const key = ['console', 'gate-devices', site];
  const list = useQuery({
    queryKey: key,
    queryFn: () => consoleCall(R.consoleListGateDevices, { params: { site } }),
  });
  const form = useForm<NewDevice>({ resolver: zodResolver(createGateDeviceBodySchema) });
  const create = useMutation({
    mutationFn: (body: NewDevice) => consoleCall(R.consoleCreateGateDevice, { params: { site }, body }),
    onSuccess: () => {
      form.reset();
      return client.invalidateQueries({ queryKey: key });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleRevokeGateDevice, { params: { site, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const gateUrl = `${window.location.origin}/${siteSlug(site)}/#/gate`;
  return (
    <Page title={t('gate_devices_title')}>
      <p>
        {t('gate_devices_text')} <a href={gateUrl}>{gateUrl}</a>
      </p>
      <form className="c-panel" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <h2>{t('gate_devices_register')}</h2>
        <Field
          label={t('gate_devices_name')}
          hint={t('gate_devices_name_hint')}
          error={form.formState.errors.name ? t('validation_required') : undefined}
          {...form.register('name')}
        />
        <ErrorNotice error={create.error} />
        <button className="c-button c-button--primary" type="submit" disabled={create.isPending}>
          {t('gate_devices_register_submit')}
        </button>
      </form>
      {create.data ? (
        <div className="c-notice c-notice--ok" role="status">
          <p>{t('gate_devices_key_once', { name: create.data.device.name })}</p>
          <p>
            <code className="c-key">{create.data.key}</code>
          </p>
          <p>{t('gate_devices_key_how', { url: gateUrl })}</p>
        </div>
      ) : null}
      {list.isPending ? <Loading /> : null}
      <ErrorNotice error={list.error ?? revoke.error} />
      {list.data ? (
        <DataTable
          caption={t('gate_devices_list')}
          rows={list.data.devices}
          rowKey={(row) => row.id}
          empty={t('gate_devices_none')}
          columns={[
            { key: 'name', header: t('gate_devices_name'), cell: (row) => row.name },
            { key: 'created', header: t('created_at'), cell: (row) => f.dateTime(row.created_at) },
            { key: 'used', header: t('gate_devices_last_used'), cell: (row) => f.dateTime(row.last_used_at) },
            {
              key: 'state',
              header: t('state'),
              cell: (row) =>
                row.revoked_at ? (
                  <span className="c-status--bad">
                    {t('revoked_at', { time: f.dateTime(row.revoked_at) })}
                  </span>
                ) : (
                  <span className="c-status--ok">{t('active')}</span>
                ),
            },
            {
              key: 'actions',
              header: t('actions'),
              cell: (row) =>
                row.revoked_at ? null : (
                  <button
                    className="c-button c-button--small c-button--danger"
                    type="button"
                    disabled={revoke.isPending}
                    onClick={() => {
                      if (window.confirm(t('gate_devices_revoke_confirm', { name: row.name })))
                        revoke.mutate(row.id);
                    }}
                  >
                    {t('revoke')}
                  </button>
                ),
            },
          ]}
        />
      ) : null}
    </Page>
  );
}
