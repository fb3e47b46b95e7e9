import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { LIGHTBOX_CLOSE_DELAY_MS } from '../../../config/constants.ts';
import { pageText } from '../parts-text.ts';
import type { GalleryImage } from './gallery.tsx';

/** A horizontal drag longer than this (px) is a swipe to the next or previous picture. */
const SWIPE_MIN_PX = 50;

interface Props {
  images: GalleryImage[];
  /** Index of the picture to open on. */
  start: number;
  name: string;
  /** Called once the closing fade has run, with the picture the shopper ended on. */
  onClose: (at: number) => void;
}

const rtl = () => document.documentElement.dir === 'rtl';

/**
 * The gallery lightbox, loaded on demand at the first click: a modal <dialog> (focus stays
 * inside, Escape closes) with previous/next buttons, arrow keys, swipes, a counter ("2 / 4")
 * and, for a picture that fails to load, the spec's "The image #N could not be loaded." as
 * a link to the picture. The next picture is fetched ahead (gallery preload [0, 1]); closing
 * fades out over LIGHTBOX_CLOSE_DELAY_MS before the dialog is removed.
 */
export default function Lightbox({ images, start, name, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipe = useRef<number | null>(null);
  const [at, setAt] = useState(Math.max(0, Math.min(images.length - 1, start)));
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const [closing, setClosing] = useState(false);
  const total = images.length;
  const image = images[at];

  useEffect(() => {
    dialog.current?.showModal();
    closeButton.current?.focus();
  }, []);

  useEffect(() => {
    if (total < 2) return;
    const ahead = new Image();
    ahead.src = images[(at + 1) % total].fullSrc;
  }, [at, images, total]);

  // Previous from the first picture goes to the last one and the other way round.
  const step = (delta: number) => setAt((i) => (i + delta + total) % total);

  const close = () => {
    if (closing) return;
    setClosing(true);
    setTimeout(() => {
      dialog.current?.close();
      onClose(at);
    }, LIGHTBOX_CLOSE_DELAY_MS);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const forward = rtl() ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl() ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) step(1);
    else if (e.key === back) step(-1);
    else return;
    e.preventDefault();
  };

  const onPointerUp = (e: PointerEvent) => {
    const from = swipe.current;
    swipe.current = null;
    if (from === null || total < 2) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) >= SWIPE_MIN_PX) step((dx < 0 ? 1 : -1) * (rtl() ? -1 : 1));
  };

  return (
    <dialog
      ref={dialog}
      className={`lightbox${closing ? ' is-closing' : ''}`}
      aria-label={pageText.lightbox(name)}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        // A click on the dark area around the picture closes, as on the backdrop.
        if (e.target === e.currentTarget || (e.target as HTMLElement).classList.contains('lightbox__figure')) close();
      }}
    >
      <div className="lightbox__bar">
        <p className="lightbox__counter" aria-live="polite">
          {pageText.counter(at + 1, total)}
        </p>
        <button ref={closeButton} type="button" className="lightbox__close icon-button" onClick={close} aria-label={pageText.close}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <figure
        className="lightbox__figure"
        onPointerDown={(e) => {
          swipe.current = e.clientX;
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        {broken.has(image.fullSrc) ? (
          <p className="lightbox__error">
            <a href={image.fullSrc}>{pageText.lightboxError(at + 1)}</a>
          </p>
        ) : (
          <img
            key={image.fullSrc}
            className="lightbox__image"
            src={image.fullSrc}
            width={image.width}
            height={image.height}
            alt={image.alt}
            draggable={false}
            onError={() => setBroken((set) => new Set(set).add(image.fullSrc))}
          />
        )}
        {image.caption ? <figcaption className="lightbox__caption">{image.caption}</figcaption> : null}
      </figure>
      {total > 1 ? (
        <>
          <button type="button" className="lightbox__nav lightbox__nav--prev icon-button" onClick={() => step(-1)} aria-label={pageText.prev}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
              <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
          <button type="button" className="lightbox__nav lightbox__nav--next icon-button" onClick={() => step(1)} aria-label={pageText.next}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
              <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </>
      ) : null}
    </dialog>
  );
}
