import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './close-icon.tsx';
import { FirstVisitDialog } from './first-visit-dialog.tsx';

type Props = {
  /** `settings.appDownloadModalImage`: the demo artwork (`/images/app-download.png`) or an uploaded one. */
  image: string;
  /** `settings.footer.appDownloadUrl`: where the app is downloaded. */
  appUrl: string;
  onClose: () => void;
};

/**
 * The app-download modal (spec §3 "app download modal image", "app download modal flag"; issue 32, items
 * 6 and 7; ADR 105): the site's image, a line on what the app is for, the download link and a way out.
 * Following the link closes it too: the visitor who comes back finds the page as they left it.
 */
export default function AppDownloadModal({ image, appUrl, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <FirstVisitDialog titleId={titleId} describedById={textId} onClose={onClose} className="app-download">
      <img
        className="app-download__image"
        src={image}
        alt={t('first_visit_app_image_alt')}
        width={640}
        height={400}
        data-testid="app-download-image"
      />
      <button
        type="button"
        className="first-visit-dialog__close"
        aria-label={t('first_visit_close')}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
      <h2 id={titleId} className="dialog__title">
        {t('first_visit_app_title')}
      </h2>
      <p id={textId} className="dialog__text">
        {t('first_visit_app_text')}
      </p>
      {/* Stacked, the download first: a long label ("アプリをダウンロード") is never cut mid-word. */}
      <div className="dialog__actions app-download__actions">
        <a
          className="button button--primary"
          href={appUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-autofocus
          onClick={onClose}
        >
          {t('first_visit_app_download')}
        </a>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('first_visit_app_later')}
        </button>
      </div>
    </FirstVisitDialog>
  );
}
