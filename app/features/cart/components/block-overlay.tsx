import type { CSSProperties } from 'react';
import { BLOCK_OVERLAY } from '../../../config/constants.ts';

const style = {
  '--block-z': BLOCK_OVERLAY.zIndex,
  '--block-opacity': BLOCK_OVERLAY.opacity,
  '--block-in': `${BLOCK_OVERLAY.fadeInMs}ms`,
  '--block-out': `${BLOCK_OVERLAY.fadeOutMs}ms`,
} as CSSProperties;

/**
 * The blocking overlay (spec §4, §9): covers its positioned parent while the cart updates,
 * fading in over 200 ms to 60 % opacity and out over 400 ms, and swallows clicks meanwhile.
 * Screen readers learn of the update from aria-busy on the region it covers.
 */
export function BlockOverlay({ active }: { active: boolean }) {
  return <div className={`block-overlay${active ? ' is-active' : ''}`} style={style} aria-hidden="true" />;
}
