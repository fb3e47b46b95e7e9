import type { Services } from '../../lib/services.server.ts';

/** The Contact Form 7 version our markup and wire format follow (`_wpcf7_version`). */
export const CF7_VERSION = '6.0.6';

/** The key quiz hashes and start times are signed with (the pipeline checks them with the same). */
export const formSecret = (services: Pick<Services, 'config'>) => services.config.sessionSecret;
