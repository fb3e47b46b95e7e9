import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/t.ts';

interface SlideImage {
  src: string;
  srcset: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * An image slider built on CSS scroll snapping: swipe and trackpad work natively, the
 * buttons and arrow keys move one slide, and the current slide is announced. Until
 * `ready` it shows the first image only (the spec starts the quick-view slider late).
 */
export function Slider({ images, ready, label }: { images: SlideImage[]; ready: boolean; label: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const shown = ready ? images : images.slice(0, 1);

  useEffect(() => {
    const el = track.current;
    if (!el || !ready) return;
    const onScroll = () => setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)) * (document.dir === 'rtl' ? -1 : 1));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [ready]);

  const go = (i: number) => {
    const el = track.current;
    if (!el) return;
    const next = Math.max(0, Math.min(images.length - 1, i));
    const dir = document.dir === 'rtl' ? -1 : 1;
    el.scrollTo({ left: next * el.clientWidth * dir, behavior: 'smooth' });
    setIndex(next);
  };

  if (images.length === 0) return <div className="slider slider--empty" />;
  return (
    <div
      className="slider"
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(index + (document.dir === 'rtl' ? -1 : 1));
        if (e.key === 'ArrowLeft') go(index - (document.dir === 'rtl' ? -1 : 1));
      }}
    >
      <div className="slider__track" ref={track} tabIndex={0} aria-label={t('shop.imageOf', { n: index + 1, total: images.length })}>
        {shown.map((img, i) => (
          <div className="slider__slide" key={img.src} role="group" aria-roledescription="slide" aria-label={t('shop.imageOf', { n: i + 1, total: images.length })}>
            <img src={img.src} srcSet={img.srcset} sizes="(max-width: 700px) 90vw, 400px" width={img.width} height={img.height} alt={img.alt} draggable={false} />
          </div>
        ))}
      </div>
      {ready && images.length > 1 ? (
        <div className="slider__nav">
          <button type="button" className="icon-button" onClick={() => go(index - 1)} disabled={index === 0} aria-label={t('shop.prevImage')}>
            ‹
          </button>
          <span aria-live="polite">{t('shop.imageOf', { n: index + 1, total: images.length })}</span>
          <button type="button" className="icon-button" onClick={() => go(index + 1)} disabled={index >= images.length - 1} aria-label={t('shop.nextImage')}>
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}
