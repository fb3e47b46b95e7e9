import { Disposer, elementsOf, reducedMotion, type Cleanup } from './shared.ts';

/*
 * Embedded and background videos (markup: render/index.tsx "video", "bg-video"): own files
 * play muted unless the block allows audio, loop and show controls as configured; players of
 * YouTube and Vimeo carry the same in their address already. For reduced motion nothing
 * plays by itself: own videos pause (and get controls), players lose autoplay.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  const still = reducedMotion();
  for (const box of elementsOf(root, 'video')) {
    const autoplay = box.dataset.autoplay === 'true';
    const own = box.querySelector<HTMLVideoElement>('video');
    if (own) {
      own.muted = box.dataset.audio !== 'true';
      own.loop = box.dataset.loop === 'true';
      own.controls = box.dataset.controls === 'true' || (still && autoplay);
      if (autoplay && !still) void own.play().catch(() => (own.controls = true));
      else if (still) own.pause();
      continue;
    }
    const frame = box.querySelector<HTMLIFrameElement>('iframe');
    if (frame && autoplay && still) {
      const url = new URL(frame.src);
      url.searchParams.set('autoplay', '0');
      frame.src = url.toString();
    }
  }
  for (const video of elementsOf<HTMLVideoElement>(root, 'bg-video')) {
    video.muted = true;
    if (still) video.pause();
    else void video.play().catch(() => {});
  }
  return d.dispose;
}
