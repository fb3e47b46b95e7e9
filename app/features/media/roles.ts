import { ADMIN_AREAS } from '../account/admin-access.ts';

/** Who may use the media library and its picker (a row of the one access table). */
export const MEDIA_ROLES = ADMIN_AREAS.media;
