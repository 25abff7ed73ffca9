import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../../../shared/ui/qr-image.tsx';

/**
 * One shared link to hand over: the address (selectable), a copy button, and the address as a QR code
 * for the companion to scan from the holder's phone.
 */
export function ShareLink({ url, ticketCount, id }: { url: string; ticketCount: number; id: string }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      // No clipboard (an old browser, or permission refused): the field stays there to copy by hand.
      setCopy('failed');
    }
  };

  return (
    <section className="share-link" aria-labelledby={`${id}-title`}>
      <h2 className="share-link__title" id={`${id}-title`}>
        {t('share_link_label')}{' '}
        <span className="share-link__count">{t('share_link_tickets', { count: ticketCount })}</span>
      </h2>
      <div className="share-link__row">
        <input
          className="form-field__input share-link__url"
          readOnly
          value={url}
          aria-label={t('share_link_label')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copyLink()}>
          {t('share_copy')}
        </button>
      </div>
      <p className="share-link__status" role="status">
        {copy === 'copied' ? t('share_copied') : copy === 'failed' ? t('share_copy_failed') : ''}
      </p>
      <QrImage payload={url} alt={t('share_qr_alt')} />
    </section>
  );
}
