import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_TYPES,
  webhookBodySchema,
  type WebhookBody,
  type WebhookView,
} from '@kippu/contract/console/webhooks-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { ErrorNotice, Field } from '../../shared/ui/ui.tsx';

interface Draft {
  url: string;
  description: string;
  eventTypes: string[];
  allSites: boolean;
  siteCodes: string[];
}

type Problems = Partial<Record<'url' | 'description' | 'event_types' | 'site_codes', string>>;

const draftOf = (webhook: WebhookView | undefined): Draft => ({
  url: webhook?.url ?? '',
  description: webhook?.description ?? '',
  eventTypes: webhook ? [...webhook.event_types] : [],
  allSites: webhook ? webhook.site_codes === null : true,
  siteCodes: webhook?.site_codes ? [...webhook.site_codes] : [],
});

/** A text key for each field the contract's schema can refuse. */
const PROBLEM_TEXT: Required<Record<keyof Problems, string>> = {
  url: 'webhooks_url_invalid',
  description: 'webhooks_description_invalid',
  event_types: 'webhooks_events_required',
  site_codes: 'webhooks_sites_required',
};

/**
 * A subscription's address, event types and sites, checked with the contract's schema before it is sent
 * (the server checks the address's resolved IP again and refuses a private one: `webhook_target_refused`).
 * `enabled` is kept as it is: turning on and off has its own button.
 */
export function WebhookForm({
  webhook,
  sites,
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  webhook?: WebhookView;
  sites: readonly { code: string; name: string }[];
  title: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: WebhookBody) => void;
  onCancel?: () => void;
}) {
  const { t } = useConsoleI18n();
  const [draft, setDraft] = useState<Draft>(() => draftOf(webhook));
  const [problems, setProblems] = useState<Problems>({});
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((each) => each !== value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookBodySchema.safeParse({
      url: draft.url,
      description: draft.description,
      // In the contract's order, whatever order they were ticked in.
      event_types: WEBHOOK_EVENT_TYPES.filter((type) => draft.eventTypes.includes(type)),
      site_codes: draft.allSites ? null : draft.siteCodes,
      enabled: webhook?.enabled ?? true,
    });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Problems;
        if (field in PROBLEM_TEXT) found[field] ??= t(PROBLEM_TEXT[field]);
      }
      setProblems(found);
      return;
    }
    setProblems({});
    onSubmit(parsed.data);
  };
  return (
    <form className="c-panel" noValidate onSubmit={submit}>
      <h2>{title}</h2>
      <Field
        label={t('webhooks_url')}
        hint={t('webhooks_url_hint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={2000}
        value={draft.url}
        error={problems.url}
        onChange={(event) => setDraft({ ...draft, url: event.target.value })}
      />
      <Field
        label={t('webhooks_description')}
        maxLength={200}
        value={draft.description}
        error={problems.description}
        onChange={(event) => setDraft({ ...draft, description: event.target.value })}
      />
      <fieldset
        className="c-field c-checks"
        aria-describedby={problems.event_types ? 'c-webhook-events-error' : undefined}
      >
        <legend className="c-label">{t('webhooks_events')}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type}>
            <input
              type="checkbox"
              checked={draft.eventTypes.includes(type)}
              onChange={(event) =>
                setDraft({ ...draft, eventTypes: toggle(draft.eventTypes, type, event.target.checked) })
              }
            />{' '}
            {t(`webhooks_event_${type.replace('.', '_')}`)} <code className="c-muted">{type}</code>
          </label>
        ))}
        {problems.event_types ? (
          <p id="c-webhook-events-error" className="c-field__error">
            {problems.event_types}
          </p>
        ) : null}
      </fieldset>
      <fieldset
        className="c-field c-checks"
        aria-describedby={problems.site_codes ? 'c-webhook-sites-error' : undefined}
      >
        <legend className="c-label">{t('webhooks_sites')}</legend>
        <label>
          <input
            type="radio"
            name="c-webhook-scope"
            checked={draft.allSites}
            onChange={() => setDraft({ ...draft, allSites: true })}
          />{' '}
          {t('webhooks_all_sites')}
        </label>
        <label>
          <input
            type="radio"
            name="c-webhook-scope"
            checked={!draft.allSites}
            onChange={() => setDraft({ ...draft, allSites: false })}
          />{' '}
          {t('webhooks_some_sites')}
        </label>
        {draft.allSites
          ? null
          : sites.map((site) => (
              <label key={site.code} className="c-webhook-site">
                <input
                  type="checkbox"
                  checked={draft.siteCodes.includes(site.code)}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      siteCodes: toggle(draft.siteCodes, site.code, event.target.checked),
                    })
                  }
                />{' '}
                {site.name}
              </label>
            ))}
        {problems.site_codes ? (
          <p id="c-webhook-sites-error" className="c-field__error">
            {problems.site_codes}
          </p>
        ) : null}
      </fieldset>
      <ErrorNotice error={error} />
      <p className="c-actions">
        <button className="c-button c-button--primary" type="submit" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button className="c-button" type="button" onClick={onCancel}>
            {t('cancel')}
          </button>
        ) : null}
      </p>
    </form>
  );
}
