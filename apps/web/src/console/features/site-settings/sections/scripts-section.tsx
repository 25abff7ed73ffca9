import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { scriptUrlProblem, SCRIPT_HOSTS, TAG_MANAGER_ID } from '@kippu/contract/console/settings-scripts';
import { ENVIRONMENTS } from '@kippu/contract/enums';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { Field } from '../../../shared/ui/ui.tsx';
import { fieldErrorText } from '../field-error.ts';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import { emptyToNull, type SectionProps } from './section-props.ts';

type Environment = (typeof ENVIRONMENTS)[number];

/** A script's address as the server takes it: the allow-list's answer before sending (settings-scripts.ts). */
const scriptUrl = z
  .string()
  .refine((url) => scriptUrlProblem(url) === null, 'site_settings_script_not_allowed');
const optionalScriptUrl = scriptUrl.nullable();
const perEnvironment = z.object(
  Object.fromEntries(ENVIRONMENTS.map((env) => [env, scriptUrl])) as Record<Environment, typeof scriptUrl>,
);

const schema = z.object({
  analytics: z.object({
    tagManagerId: z.string().regex(TAG_MANAGER_ID, 'site_settings_tag_manager_invalid').nullable(),
    gatagKeyUrl: optionalScriptUrl,
  }),
  payment: z.object({
    deviceFingerprintScriptUrl: optionalScriptUrl,
    secondary: z
      .object({
        tokenScriptUrl: perEnvironment,
        threeDsScriptUrl: perEnvironment,
      })
      .nullable(),
  }),
});
type Values = z.infer<typeof schema>;

/**
 * Settings that make the visitor's browser load a script: the tag manager, analytics, the card processors'
 * token, 3-D Secure and fingerprint scripts. Only https addresses on the allow-list (or the site's own
 * paths); the form checks with the server's function, and the server's refusal comes back at the field.
 */
export function ScriptsSection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const { analytics, payment } = data.settings;
  const secondary = payment.secondaryCardProcessor;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      analytics,
      payment: {
        deviceFingerprintScriptUrl: payment.deviceFingerprintScriptUrl,
        secondary: secondary
          ? { tokenScriptUrl: secondary.tokenScriptUrl, threeDsScriptUrl: secondary.threeDsScriptUrl }
          : null,
      },
    },
  });
  const errors = form.formState.errors;
  const optional = { setValueAs: emptyToNull };
  return (
    <SectionForm
      title={t('site_settings_section_scripts')}
      intro={t('site_settings_scripts_intro', { hosts: SCRIPT_HOSTS.join(', ') })}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={(path) => {
        const field = path
          .replace(/^settings\./, '')
          .replace('payment.secondaryCardProcessor.', 'payment.secondary.');
        return /^(analytics|payment)\./.test(field) ? (field as 'analytics') : null;
      }}
      save={(values) =>
        save({
          expected_version: data.version,
          settings: {
            analytics: values.analytics,
            payment: {
              ...payment,
              deviceFingerprintScriptUrl: values.payment.deviceFingerprintScriptUrl,
              secondaryCardProcessor:
                secondary && values.payment.secondary
                  ? { ...secondary, ...values.payment.secondary }
                  : secondary,
            },
          },
        })
      }
    >
      <div className="ss-grid">
        <Field
          label={t('site_settings_tag_manager_id')}
          hint={t('site_settings_tag_manager_hint')}
          spellCheck={false}
          error={fieldErrorText(t, errors.analytics?.tagManagerId)}
          {...form.register('analytics.tagManagerId', optional)}
        />
        <Field
          type="url"
          label={t('site_settings_gatag_url')}
          spellCheck={false}
          error={fieldErrorText(t, errors.analytics?.gatagKeyUrl)}
          {...form.register('analytics.gatagKeyUrl', optional)}
        />
        <Field
          type="url"
          label={t('site_settings_fingerprint_url')}
          spellCheck={false}
          error={fieldErrorText(t, errors.payment?.deviceFingerprintScriptUrl)}
          {...form.register('payment.deviceFingerprintScriptUrl', optional)}
        />
      </div>
      {secondary ? (
        <fieldset>
          <legend>{t('site_settings_secondary_processor')}</legend>
          {(['tokenScriptUrl', 'threeDsScriptUrl'] as const).map((kind) => (
            <div key={kind} className="ss-grid">
              {ENVIRONMENTS.map((env) => (
                <Field
                  key={env}
                  type="url"
                  spellCheck={false}
                  label={t(`site_settings_${kind.toLowerCase()}`, {
                    environment: t(`site_settings_env_${env}`),
                  })}
                  error={fieldErrorText(t, errors.payment?.secondary?.[kind]?.[env])}
                  {...form.register(`payment.secondary.${kind}.${env}`)}
                />
              ))}
            </div>
          ))}
        </fieldset>
      ) : null}
    </SectionForm>
  );
}
