import { lazy, Suspense, useEffect, useMemo, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { preload } from 'react-dom';
import { t } from '../../../i18n/t.ts';
import { pageText } from '../parts-text.ts';
import type { VariationImage } from '../variations.ts';

// Zoom and the lightbox are fetched on demand (first hover, first click): they are not part
// of the page's initial JavaScript (performance budget, issue 5 §9).
const Zoom = lazy(() => import('./zoom.tsx'));
const Lightbox = lazy(() => import('./lightbox.tsx'));
const prefetchLightbox = () => void import('./lightbox.tsx');

/** One gallery picture (the catalog's ProductImage, optionally with its own `sizes`). */
export interface GalleryImage {
  id: number | string;
  src: string;
  srcset: string;
  sizes?: string;
  alt: string;
  title: string;
  caption: string;
  width: number;
  height: number;
  /** The largest variant, for zoom and the lightbox. */
  fullSrc: string;
  thumbSrc: string;
}

import { GALLERY_SIZES } from './gallery.tsx';

function fromVariation(v: VariationImage, base: GalleryImage | undefined): GalleryImage {
  return {
    id: `variation:${v.full_src}`,
    src: v.src,
    srcset: v.srcset,
    sizes: v.sizes || undefined,
    alt: v.alt,
    title: v.title,
    caption: v.caption,
    // Keep the slot's reserved box when the variation does not say how big its picture is.
    width: v.src_w || base?.width || 600,
    height: v.src_h || base?.height || 600,
    fullSrc: v.full_src || v.src,
    thumbSrc: v.gallery_thumbnail_src || v.thumb_src || v.src,
  };
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const rtl = () => document.dir === 'rtl' || document.documentElement.dir === 'rtl';

export interface GalleryProps {
  images: GalleryImage[];
  /** The chosen variation's picture (spec §3 variation `image`): it replaces the main image until the choice is reset (null). */
  variationImage: VariationImage | null;
  name: string;
}

/**
 * The product gallery: a scroll-snap track (swipe on touch, thumbnails and arrow keys
 * elsewhere), in-place hover zoom on the current picture and a lightbox on click. The first
 * picture is the page's LCP element: preloaded with high priority, its box reserved by
 * width/height. Without scripts the thumbnails jump to their slide and a click opens the
 * full-size picture.
 */
export default function Gallery({ images, variationImage, name }: GalleryProps) {
  const shown = useMemo(
    () => (variationImage ? [fromVariation(variationImage, images[0]), ...images.slice(1)] : images),
    [images, variationImage],
  );
  const track = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ at: number; frame: HTMLElement; start: { x: number; y: number } } | null>(null);
  const [lightboxAt, setLightboxAt] = useState<number | null>(null);
  const first = images[0];
  if (first) preload(first.src, { as: 'image', imageSrcSet: first.srcset, imageSizes: GALLERY_SIZES, fetchPriority: 'high' });

  // The current slide follows the track's scroll position (swipes, trackpads, thumbnails).
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setIndex(Math.round(Math.abs(el.scrollLeft) / Math.max(1, el.clientWidth))));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  const go = (i: number, smooth = true) => {
    const el = track.current;
    if (!el || shown.length === 0) return;
    const next = Math.max(0, Math.min(shown.length - 1, i));
    el.scrollTo({ left: next * el.clientWidth * (rtl() ? -1 : 1), behavior: smooth && !reducedMotion() ? 'smooth' : 'auto' });
    setIndex(next);
  };

  // A chosen (or reset) variation shows its picture in the first slot: bring that slot into view.
  const swapped = variationImage?.full_src ?? null;
  const lastSwap = useRef(swapped);
  useEffect(() => {
    if (lastSwap.current === swapped) return;
    lastSwap.current = swapped;
    go(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of picture moves the track
  }, [swapped]);

  const onEnter = (i: number) => (e: PointerEvent<HTMLElement>) => {
    prefetchLightbox();
    // Hover zoom is for mice and pens; on touch a tap opens the lightbox instead.
    if (e.pointerType !== 'touch') setZoom({ at: i, frame: e.currentTarget, start: { x: e.clientX, y: e.clientY } });
  };
  const onOpen = (i: number) => (e: MouseEvent<HTMLElement>) => {
    e.preventDefault();
    opener.current = e.currentTarget;
    setZoom(null);
    setLightboxAt(i);
  };

  if (shown.length === 0) return <div className="gallery gallery--empty" aria-hidden="true" />;
  const total = shown.length;
  return (
    <section className="gallery" aria-label={pageText.gallery(name)}>
      <div
        className="gallery__track"
        ref={track}
        onKeyDown={(e) => {
          const step = rtl() ? -1 : 1;
          if (e.key === 'ArrowRight') go(index + step);
          else if (e.key === 'ArrowLeft') go(index - step);
          else return;
          e.preventDefault();
        }}
      >
        {shown.map((img, i) => (
          <figure
            className="gallery__slide"
            id={`gallery-slide-${i + 1}`}
            key={i === 0 ? 'main' : img.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('shop.imageOf', { n: i + 1, total })}
          >
            <a
              className="gallery__link"
              href={img.fullSrc}
              aria-haspopup="dialog"
              onClick={onOpen(i)}
              onPointerEnter={onEnter(i)}
              onPointerLeave={() => setZoom(null)}
              onFocus={prefetchLightbox}
            >
              <img
                src={img.src}
                srcSet={img.srcset}
                sizes={img.sizes ?? GALLERY_SIZES}
                width={img.width}
                height={img.height}
                alt={img.alt}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding={i === 0 ? undefined : 'async'}
                draggable={false}
              />
              <span className="visually-hidden">{pageText.openImage(i + 1, total)}</span>
            </a>
            {zoom?.at === i ? (
              <Suspense fallback={null}>
                <Zoom src={img.fullSrc} frame={zoom.frame} start={zoom.start} />
              </Suspense>
            ) : null}
          </figure>
        ))}
      </div>
      {total > 1 ? (
        <ul className="gallery__thumbs">
          {shown.map((img, i) => (
            <li key={i === 0 ? 'main' : img.id}>
              <a
                className="gallery__thumb"
                href={`#gallery-slide-${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  go(i);
                }}
              >
                <img src={img.thumbSrc} width={150} height={150} alt="" loading="lazy" decoding="async" />
                <span className="visually-hidden">{pageText.showImage(i + 1, total)}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {lightboxAt !== null ? (
        <Suspense fallback={null}>
          <Lightbox
            images={shown}
            start={lightboxAt}
            name={name}
            onClose={(at) => {
              setLightboxAt(null);
              go(at, false);
              // Back to the picture the shopper ended on (the opener's slide when unchanged).
              const links = track.current?.querySelectorAll<HTMLElement>('.gallery__link');
              (links?.[at] ?? opener.current)?.focus({ preventScroll: true });
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
