import type { Services } from '../../lib/services.server.ts';
import { WPCF7_VERSION } from './render-data.server.ts';

/** The Contact Form 7 version our markup and wire format follow (`_wpcf7_version`). */
export const CF7_VERSION = WPCF7_VERSION;

/** The key quiz hashes and start times are signed with (the pipeline checks them with the same). */
export const formSecret = (services: Pick<Services, 'config'>) => services.config.sessionSecret;
