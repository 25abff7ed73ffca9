import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  SITE_IMAGE_MAX_BYTES,
  SITE_IMAGE_MAX_SIDE,
  siteImageUrlSchema,
  type SiteImage,
} from '@kippu/contract/console/settings-schemas';
import { storedSiteSettingsSchema } from '@kippu/contract/site-settings';
import { consoleCall } from '../../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { errorText } from '../../../shared/ui/error-text.ts';
import { Field } from '../../../shared/ui/ui.tsx';
import { fieldErrorText } from '../field-error.ts';
import { Check, SelectField } from '../fields.tsx';
import { checkImage, IMAGE_TYPES, type CheckedImage, type ImageProblem } from '../image-check.ts';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import { fieldUnder, type SectionProps } from './section-props.ts';

const imageUrl = siteImageUrlSchema.nullable();
const schema = z.object({
  settings: storedSiteSettingsSchema.pick({ logo: true, printLogo: true }).extend({
    images: z.object({ headerLogoBlack: imageUrl, headerLogoWhite: imageUrl, printLogo: imageUrl }),
    appDownloadModalImage: z.string().nullable(),
  }),
});
type Values = z.infer<typeof schema>;

type Purpose = 'header_logo_black' | 'header_logo_white' | 'print_logo' | 'app_download_modal';
type ImageField =
  | 'settings.images.headerLogoBlack'
  | 'settings.images.headerLogoWhite'
  | 'settings.images.printLogo'
  | 'settings.appDownloadModalImage';
const IMAGES: readonly { purpose: Purpose; field: ImageField; dark?: boolean }[] = [
  { purpose: 'header_logo_black', field: 'settings.images.headerLogoBlack' },
  { purpose: 'header_logo_white', field: 'settings.images.headerLogoWhite', dark: true },
  { purpose: 'print_logo', field: 'settings.images.printLogo' },
  { purpose: 'app_download_modal', field: 'settings.appDownloadModalImage' },
];

/**
 * The site's pictures: header logos (black and white), the print logo and the app-download modal's image.
 * A chosen file is checked here first (PNG, JPEG or WebP by its bytes, at most 2 MB) and previewed; Upload
 * stores it (the server checks again, and its dimensions), and Save puts it on the site.
 */
export function ImagesSection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const { settings } = data;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      settings: {
        logo: settings.logo,
        printLogo: settings.printLogo,
        images: settings.images ?? { headerLogoBlack: null, headerLogoWhite: null, printLogo: null },
        appDownloadModalImage: settings.appDownloadModalImage,
      },
    },
  });
  const errors = form.formState.errors.settings;
  const size = (device: 'pc' | 'sp', side: 'width' | 'height') => (
    <Field
      type="number"
      inputMode="numeric"
      label={t(`site_settings_logo_${device}_${side}`)}
      error={fieldErrorText(t, errors?.logo?.[device]?.[side])}
      {...form.register(`settings.logo.${device}.${side}`, { valueAsNumber: true })}
    />
  );
  return (
    <SectionForm
      title={t('site_settings_section_images')}
      intro={t('site_settings_images_intro', { side: SITE_IMAGE_MAX_SIDE })}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={fieldUnder<ImageField>(
        'settings.images',
        'settings.appDownloadModalImage',
        'settings.logo',
        'settings.printLogo',
      )}
      save={(values) => save({ expected_version: data.version, settings: values.settings })}
    >
      {IMAGES.map((image) => (
        <ImageInput key={image.purpose} site={site} form={form} canWrite={canWrite} {...image} />
      ))}
      <fieldset>
        <legend>{t('site_settings_logo_layout')}</legend>
        <SelectField label={t('site_settings_logo_variant')} {...form.register('settings.logo.variant')}>
          <option value="black">{t('site_settings_logo_black')}</option>
          <option value="white">{t('site_settings_logo_white')}</option>
        </SelectField>
        <div className="ss-grid">
          {size('pc', 'width')}
          {size('pc', 'height')}
          {size('sp', 'width')}
          {size('sp', 'height')}
        </div>
        <Check label={t('site_settings_print_logo')} {...form.register('settings.printLogo')} />
      </fieldset>
    </SectionForm>
  );
}

const PROBLEM_TEXT: Record<ImageProblem, string> = {
  type: 'site_settings_image_type',
  size: 'site_settings_image_size',
  unreadable: 'site_settings_image_unreadable',
};

function ImageInput({
  site,
  form,
  canWrite,
  purpose,
  field,
  dark,
}: {
  site: string;
  form: UseFormReturn<Values>;
  canWrite: boolean;
  purpose: Purpose;
  field: ImageField;
  dark?: boolean;
}) {
  const { t } = useConsoleI18n();
  const id = useId();
  const [chosen, setChosen] = useState<CheckedImage | null>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [uploaded, setUploaded] = useState<SiteImage | null>(null);
  const current = form.watch(field);
  const upload = useMutation({
    mutationFn: (image: CheckedImage) =>
      consoleCall(R.consoleUploadSiteImage, {
        params: { site },
        body: { purpose, data_base64: image.base64 },
      }),
    onSuccess: (answer) => {
      form.setValue(field, answer.image.url, { shouldDirty: true });
      setUploaded(answer.image);
      setChosen(null);
    },
  });
  const label = t(`site_settings_image_${purpose}`);
  const fieldError = fieldErrorText(t, form.getFieldState(field, form.formState).error);
  const error = problem
    ? t(PROBLEM_TEXT[problem], { mb: SITE_IMAGE_MAX_BYTES / 1024 / 1024 })
    : upload.error
      ? errorText(t, upload.error)
      : fieldError;
  const preview = chosen?.dataUrl ?? current;
  const previewClass = dark ? 'ss-image__preview ss-image__preview--dark' : 'ss-image__preview';
  return (
    <div className="ss-image">
      <div>
        <div className="c-field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            disabled={!canWrite || upload.isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              setProblem(null);
              setChosen(null);
              setUploaded(null);
              upload.reset();
              if (!file) return;
              void checkImage(file, SITE_IMAGE_MAX_BYTES).then((result) => {
                if (result.ok) setChosen(result.image);
                else setProblem(result.problem);
              });
            }}
          />
          <p id={`${id}-hint`} className="c-field__hint">
            {t('site_settings_image_hint', {
              mb: SITE_IMAGE_MAX_BYTES / 1024 / 1024,
              side: SITE_IMAGE_MAX_SIDE,
            })}
          </p>
          {error ? (
            <p id={`${id}-error`} className="c-field__error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="c-actions">
          {chosen ? (
            <button
              className="c-button"
              type="button"
              disabled={upload.isPending}
              onClick={() => upload.mutate(chosen)}
            >
              {t('site_settings_image_upload', { name: label })}
            </button>
          ) : null}
          {current && canWrite ? (
            <button
              className="c-button c-button--small"
              type="button"
              onClick={() => {
                form.setValue(field, null, { shouldDirty: true });
                setUploaded(null);
              }}
            >
              {t('site_settings_image_remove', { name: label })}
            </button>
          ) : null}
        </div>
        {uploaded ? (
          <p role="status" className="ss-saved">
            {t('site_settings_image_uploaded', { width: uploaded.width, height: uploaded.height })}
          </p>
        ) : null}
      </div>
      <figure style={{ margin: 0 }}>
        {preview ? (
          <img
            className={previewClass}
            src={preview}
            alt={t('site_settings_image_preview', { name: label })}
          />
        ) : (
          <p className="c-muted">{t('site_settings_image_none')}</p>
        )}
        {chosen ? (
          <figcaption className="c-field__hint">{t('site_settings_image_not_uploaded')}</figcaption>
        ) : null}
      </figure>
    </div>
  );
}
