import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  contrastIssues,
  contrastRatio,
  CONTROL_CONTRAST,
  TEXT_CONTRAST,
  themeContrastPairs,
} from '@kippu/contract/console/settings-contrast';
import { calendarColorEditSchema } from '@kippu/contract/console/settings-schemas';
import { storedSiteSettingsSchema } from '@kippu/contract/site-settings';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { Field } from '../../../shared/ui/ui.tsx';
import { fieldErrorText } from '../field-error.ts';
import { Check } from '../fields.tsx';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import { fieldUnder, type SectionProps } from './section-props.ts';

type ThemeKey = 'primary' | 'onPrimary' | 'accent' | 'background';
const THEME_KEYS: readonly ThemeKey[] = ['primary', 'onPrimary', 'accent', 'background'];
const HEX = /^#[0-9a-fA-F]{6}$/;

const schema = z
  .object({
    settings: storedSiteSettingsSchema.pick({ theme: true }),
    calendar_colorized: z.boolean(),
    calendar_colors: z.array(calendarColorEditSchema),
  })
  .superRefine((values, context) => {
    // The server's rule, checked before sending: the pair's foreground field carries the problem.
    const theme = values.settings.theme;
    if (!THEME_KEYS.every((key) => HEX.test(theme[key]))) return;
    for (const issue of contrastIssues(themeContrastPairs(values.settings.theme))) {
      context.addIssue({
        code: 'custom',
        path: issue.path.split('.'),
        message: 'site_settings_contrast_too_low',
      });
    }
  });
type Values = z.infer<typeof schema>;

/**
 * The site's colours with their contrast worked out as they are typed (the contract's function, the one the
 * server refuses with), and the visitor calendar's day colours.
 */
export function CalendarSection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      settings: { theme: data.settings.theme },
      calendar_colorized: data.server.calendar_colorized,
      calendar_colors: data.calendar_colors,
    },
  });
  const days = useFieldArray({ control: form.control, name: 'calendar_colors' });
  const errors = form.formState.errors;
  const theme = form.watch('settings.theme');
  return (
    <SectionForm
      title={t('site_settings_section_calendar')}
      intro={t('site_settings_calendar_intro')}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={(path) =>
        path === 'server.calendar_colorized'
          ? 'calendar_colorized'
          : fieldUnder<'settings.theme'>('settings.theme', 'calendar_colors')(path)
      }
      save={(values) =>
        save({
          expected_version: data.version,
          settings: values.settings,
          server: { calendar_colorized: values.calendar_colorized },
          calendar_colors: values.calendar_colors,
        })
      }
    >
      <fieldset>
        <legend>{t('site_settings_theme')}</legend>
        <div className="ss-grid">
          {THEME_KEYS.map((key) => (
            <div key={key} className="ss-color">
              <Field
                label={t(`site_settings_theme_${key.toLowerCase()}`)}
                spellCheck={false}
                autoComplete="off"
                error={fieldErrorText(t, errors.settings?.theme?.[key])}
                {...form.register(`settings.theme.${key}`)}
              />
              <span
                className="ss-swatch"
                aria-hidden="true"
                style={{ background: HEX.test(theme[key]) ? theme[key] : 'transparent' }}
              >
                &nbsp;&nbsp;
              </span>
            </div>
          ))}
        </div>
        <ContrastReport theme={theme} />
      </fieldset>
      <fieldset>
        <legend>{t('site_settings_calendar_days')}</legend>
        <Check label={t('site_settings_calendar_colorized')} {...form.register('calendar_colorized')} />
        <details className="ss-days">
          <summary>{t('site_settings_calendar_days_count', { count: days.fields.length })}</summary>
          <ul className="ss-days__list">
            {days.fields.map((day, index) => {
              const dateError = fieldErrorText(t, errors.calendar_colors?.[index]?.date);
              const colorError = fieldErrorText(t, errors.calendar_colors?.[index]?.color_code);
              const color = form.watch(`calendar_colors.${index}.color_code`);
              return (
                <li key={day.id}>
                  <input
                    type="date"
                    className="c-select"
                    aria-label={t('site_settings_day_date', { n: index + 1 })}
                    aria-invalid={dateError ? true : undefined}
                    {...form.register(`calendar_colors.${index}.date`)}
                  />
                  <span
                    className="ss-swatch"
                    aria-hidden="true"
                    style={{ background: HEX.test(color) ? color : 'transparent' }}
                  >
                    &nbsp;
                  </span>
                  <input
                    className="c-select ss-days__color"
                    spellCheck={false}
                    aria-label={t('site_settings_day_color', { n: index + 1 })}
                    aria-invalid={colorError ? true : undefined}
                    {...form.register(`calendar_colors.${index}.color_code`)}
                  />
                  <button
                    className="c-button c-button--small"
                    type="button"
                    aria-label={t('site_settings_remove_day', { n: index + 1 })}
                    onClick={() => days.remove(index)}
                  >
                    ×
                  </button>
                  {dateError || colorError ? (
                    <p className="c-field__error" role="alert">
                      {dateError ?? colorError}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </details>
        <button
          className="c-button"
          type="button"
          onClick={() => days.append({ date: '', color_code: '#ffd966' })}
        >
          {t('site_settings_add_day')}
        </button>
      </fieldset>
    </SectionForm>
  );
}

/** Each pair the visitor page draws, its ratio and whether it passes, in words (not colour alone). */
function ContrastReport({ theme }: { theme: Values['settings']['theme'] }) {
  const { t } = useConsoleI18n();
  const valid = THEME_KEYS.every((key) => HEX.test(theme[key]));
  // One live region whatever it holds, so a screen reader hears each new answer.
  return (
    <div aria-live="polite">
      {valid ? (
        <ContrastList theme={theme} />
      ) : (
        <p className="c-muted">{t('site_settings_contrast_waiting')}</p>
      )}
    </div>
  );
}

function ContrastList({ theme }: { theme: Values['settings']['theme'] }) {
  const { t } = useConsoleI18n();
  return (
    <ul className="ss-list" aria-label={t('site_settings_contrast')}>
      {themeContrastPairs(theme).map((pair) => {
        const ratio = contrastRatio(pair.foreground, pair.background);
        const required = pair.kind === 'text' ? TEXT_CONTRAST : CONTROL_CONTRAST;
        const passes = ratio + 1e-9 >= required;
        const name = pair.path.split('.').pop()!.toLowerCase();
        return (
          <li key={pair.path} className="ss-contrast">
            <span
              className="ss-swatch"
              aria-hidden="true"
              style={{ color: pair.foreground, background: pair.background }}
            >
              Aa
            </span>
            <span className="ss-grow">
              {t(`site_settings_contrast_${name}`)}:{' '}
              {t('site_settings_contrast_ratio', {
                ratio: ratio.toFixed(2),
                required: String(required),
              })}
            </span>
            <strong className={passes ? 'ss-contrast__pass' : 'ss-contrast__fail'}>
              {passes ? t('site_settings_contrast_pass') : t('site_settings_contrast_fail')}
            </strong>
          </li>
        );
      })}
    </ul>
  );
}
