import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const CLAMPED = 'product-card__description--clamped';

/**
 * A description clamped to a few lines. The "more" toggle appears only when the text really
 * overflows its clamp at the current width and font, so short texts carry no useless control.
 */
export function ProductDescription({ id, text }: { id: string; text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    // While expanded there is no clamp to measure; keep the toggle so the text can be folded again.
    if (!element || expanded) return;
    // Measured against the unclamped text: with the standard `line-clamp` (newer Chromium) the
    // clamped box reports no overflow in scrollHeight. Both reads happen before paint, so no flicker.
    const measure = () => {
      const clamped = element.clientHeight;
      element.classList.remove(CLAMPED);
      const full = element.scrollHeight;
      element.classList.add(CLAMPED);
      setOverflows(full > clamped + 1);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div className="product-card__description-block">
      <p ref={ref} id={id} className={`product-card__description${expanded ? '' : ` ${CLAMPED}`}`}>
        {text}
      </p>
      {overflows ? (
        <button
          type="button"
          className="product-card__more"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {t(expanded ? 'order_lineup_less' : 'order_lineup_more')}
        </button>
      ) : null}
    </div>
  );
}
