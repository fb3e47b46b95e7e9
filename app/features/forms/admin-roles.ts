import { ADMIN_AREAS } from '../account/admin-access.ts';

/** Staff who edit contact forms (rows of the one access table). */
export const FORM_ADMIN_ROLES = ADMIN_AREAS.forms;
/** Staff who read what visitors sent (names, addresses, files): shopper data, so not editors. */
export const FORM_SUBMISSION_ROLES = ADMIN_AREAS.formSubmissions;
