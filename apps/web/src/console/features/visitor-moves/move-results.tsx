import { useState } from 'react';
import { MOVE_ITEM_STATES, type MoveResponse } from '@kippu/contract/console/moves-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable } from '../../shared/ui/ui.tsx';
import { ItemState, useReasonText, useSlotText, type MoveItemState } from './move-display.tsx';

type Item = MoveResponse['items'][number];

/** The result list: every reservation of the run, filterable by state and by reservation number. */
export function MoveResults({ items }: { items: readonly Item[] }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const slotText = useSlotText();
  const reasonText = useReasonText();
  const [state, setState] = useState<MoveItemState | ''>('');
  const [number, setNumber] = useState('');
  const needle = number.trim().toLowerCase();
  const rows = items.filter(
    (item) =>
      (state === '' || item.state === state) &&
      (needle === '' || item.reservation_number.toLowerCase().includes(needle)),
  );
  return (
    <section>
      <h2 id="c-move-results">{t('moves_results')}</h2>
      <div className="c-filters" role="search" aria-label={t('moves_results_filters')}>
        <div className="c-field">
          <label htmlFor="c-move-state">{t('state')}</label>
          <select
            id="c-move-state"
            className="c-select"
            value={state}
            onChange={(event) => setState(event.target.value as MoveItemState | '')}
          >
            <option value="">{t('moves_any_state')}</option>
            {MOVE_ITEM_STATES.map((each) => (
              <option key={each} value={each}>
                {t(`moves_state_${each}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="c-field">
          <label htmlFor="c-move-number">{t('moves_reservation')}</label>
          <input
            id="c-move-number"
            type="search"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
        </div>
        <p className="c-field__hint" role="status">
          {t('moves_results_shown', { shown: f.count(rows.length), total: f.count(items.length) })}
        </p>
      </div>
      <DataTable
        caption={t('moves_results')}
        rows={rows}
        rowKey={(item) => item.id}
        empty={t('moves_results_none')}
        columns={[
          {
            key: 'number',
            header: t('moves_reservation'),
            cell: (item) => <code>{item.reservation_number}</code>,
          },
          {
            key: 'tickets',
            header: t('moves_tickets'),
            numeric: true,
            cell: (item) => f.count(item.tickets),
          },
          { key: 'from', header: t('moves_from'), cell: (item) => slotText(item.from_slot) },
          {
            key: 'to',
            header: t('moves_to'),
            cell: (item) =>
              item.moved_to ? slotText(item.moved_to) : item.planned_slot ? slotText(item.planned_slot) : '—',
          },
          { key: 'state', header: t('state'), cell: (item) => <ItemState state={item.state} /> },
          { key: 'reason', header: t('moves_reason'), cell: (item) => reasonText(item.reason) },
          {
            key: 'choice',
            header: t('moves_visitor_choice'),
            cell: (item) => (item.visitor_choice ? t(`moves_choice_${item.visitor_choice}`) : '—'),
          },
          { key: 'mails', header: t('moves_mails'), numeric: true, cell: (item) => f.count(item.mails) },
          { key: 'finished', header: t('moves_finished'), cell: (item) => f.dateTime(item.finished_at) },
        ]}
      />
    </section>
  );
}
