import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PartnerBody } from '@kippu/contract/console/partners-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import {
  checkPartner,
  EMPTY_PARTNER,
  PartnerFields,
  type PartnerDraft,
  type PartnerProblems,
} from './partner-fields.tsx';
import { canWritePartners, partnerKeys } from './partner-queries.ts';
import { TEXTS } from './texts.ts';

/**
 * The organisation's partners (travel agencies selling on channel OTA through the partner API): who they
 * are, whether Kippu mails their customers, how many ticket types they may sell. A new partner is made with
 * its details; its net prices and tokens are set on its own screen, where it opens next.
 */
function Body({ session }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const canWrite = canWritePartners(session);
  const [draft, setDraft] = useState<PartnerDraft | null>(null);
  const [problems, setProblems] = useState<PartnerProblems>({});
  const list = useQuery({ queryKey: partnerKeys.list, queryFn: () => consoleCall(R.consoleListPartners) });
  const create = useMutation({
    mutationFn: (body: PartnerBody) => consoleCall(R.consoleCreatePartner, { body }),
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: partnerKeys.all });
      client.setQueryData(partnerKeys.one(answer.partner.id), answer);
      navigate(hrefOf('partner', { partnerId: String(answer.partner.id) }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const checked = checkPartner(draft, [], t);
    setProblems(checked.problems ?? {});
    if (checked.body) create.mutate(checked.body);
  };
  return (
    <Page
      title={t('partners_title')}
      actions={
        canWrite && !draft ? (
          <button
            className="c-button c-button--primary"
            type="button"
            onClick={() => setDraft(EMPTY_PARTNER)}
          >
            {t('partners_new')}
          </button>
        ) : null
      }
    >
      <p>{t('partners_text')}</p>
      {draft ? (
        <form className="c-panel" noValidate onSubmit={submit}>
          <h2>{t('partners_new')}</h2>
          <PartnerFields draft={draft} problems={problems} onChange={setDraft} withActive={false} />
          <ErrorNotice error={create.error} />
          <p className="c-actions">
            <button className="c-button c-button--primary" type="submit" disabled={create.isPending}>
              {t('partners_create')}
            </button>
            <button
              className="c-button"
              type="button"
              onClick={() => {
                create.reset();
                setProblems({});
                setDraft(null);
              }}
            >
              {t('cancel')}
            </button>
          </p>
        </form>
      ) : null}
      {list.isPending ? <Loading /> : null}
      <ErrorNotice error={list.error} />
      {list.data ? (
        <DataTable
          caption={t('partners_list')}
          rows={list.data.partners}
          rowKey={(row) => row.id}
          empty={t('partners_none')}
          columns={[
            {
              key: 'name',
              header: t('partners_name'),
              cell: (row) => (
                <a className="c-link" href={hrefOf('partner', { partnerId: String(row.id) })}>
                  {row.name}
                </a>
              ),
            },
            {
              key: 'contact',
              header: t('partners_contact'),
              breakAnywhere: true,
              cell: (row) => (
                <>
                  {row.contact_name}
                  {row.contact_email ? <div className="c-muted">{row.contact_email}</div> : null}
                </>
              ),
            },
            {
              key: 'mails',
              header: t('partners_mails_short'),
              cell: (row) => (row.mails_customers ? t('yes') : t('no')),
            },
            {
              key: 'prices',
              header: t('partners_ticket_types'),
              numeric: true,
              cell: (row) => row.net_prices.length,
            },
            {
              key: 'state',
              header: t('state'),
              cell: (row) =>
                row.active ? (
                  <span className="c-status--ok">{t('active')}</span>
                ) : (
                  <span className="c-muted">{t('partners_inactive')}</span>
                ),
            },
          ]}
        />
      ) : null}
    </Page>
  );
}

export const PartnersScreen = featureScreen(TEXTS, Body);
