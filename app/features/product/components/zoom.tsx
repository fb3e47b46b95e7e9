import { useEffect, useRef, useState } from 'react';
import { ZOOM_ERROR_DURATION_MS } from '../../../config/constants.ts';
import { pageText } from '../parts-text.ts';

/** A picture smaller than this many times its frame is still magnified this much. */
const MIN_SCALE = 1.5;

type ZoomState = 'loading' | 'ready' | 'error' | 'done';

interface Props {
  /** The large picture to magnify. */
  src: string;
  /** The element the pointer moves over (the gallery slide's link); the zoom covers it. */
  frame: HTMLElement;
  /** Where the pointer entered (client coordinates), until it moves. */
  start: { x: number; y: number };
}

/**
 * In-place hover zoom (spec §4: loading, ready, error). Loaded on demand by the gallery on
 * the first hover. While the large picture loads, "Loading image" shows; once ready it
 * follows the pointer; if it cannot be loaded, "The image could not be loaded" shows for
 * ZOOM_ERROR_DURATION_MS and the plain picture stays. The overlay never takes the pointer,
 * so a click still reaches the link underneath (the lightbox).
 */
export default function Zoom({ src, frame, start }: Props) {
  const [state, setState] = useState<ZoomState>('loading');
  const image = useRef<HTMLImageElement>(null);
  const natural = useRef({ width: 0, height: 0 });
  const pointer = useRef(start);

  // Load the picture off-screen first: its size decides the magnification.
  useEffect(() => {
    let alive = true;
    const probe = new Image();
    probe.onload = () => {
      if (!alive) return;
      natural.current = { width: probe.naturalWidth, height: probe.naturalHeight };
      setState('ready');
    };
    probe.onerror = () => {
      if (alive) setState('error');
    };
    probe.src = src;
    return () => {
      alive = false;
      probe.onload = null;
      probe.onerror = null;
    };
  }, [src]);

  useEffect(() => {
    if (state !== 'error') return;
    const timer = setTimeout(() => setState('done'), ZOOM_ERROR_DURATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  // Follow the pointer from the start, so the zoom opens where the pointer already is.
  useEffect(() => {
    const place = () => {
      const el = image.current;
      const at = pointer.current;
      if (!el || !at) return;
      const box = frame.getBoundingClientRect();
      const { width, height } = natural.current;
      const scale = Math.max(MIN_SCALE, width / Math.max(1, box.width));
      const w = box.width * scale;
      const h = width ? (w * height) / width : box.height * scale;
      const x = Math.min(1, Math.max(0, (at.x - box.left) / box.width));
      const y = Math.min(1, Math.max(0, (at.y - box.top) / box.height));
      el.style.inlineSize = `${w}px`;
      el.style.blockSize = `${h}px`;
      el.style.transform = `translate(${-x * (w - box.width)}px, ${-y * (h - box.height)}px)`;
    };
    const onMove = (e: PointerEvent) => {
      pointer.current = { x: e.clientX, y: e.clientY };
      place();
    };
    frame.addEventListener('pointermove', onMove);
    if (state === 'ready') place();
    return () => frame.removeEventListener('pointermove', onMove);
  }, [frame, state]);

  return (
    <div className={`zoom zoom--${state}`} data-state={state}>
      {state === 'ready' ? <img ref={image} className="zoom__image" src={src} alt="" draggable={false} /> : null}
      {state === 'loading' ? (
        <p className="zoom__notice" role="status">
          {pageText.zoomLoading}
        </p>
      ) : null}
      {state === 'error' ? (
        <p className="zoom__notice zoom__notice--error" role="status">
          {pageText.zoomError}
        </p>
      ) : null}
    </div>
  );
}
