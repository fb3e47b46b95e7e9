import { ADMIN_AREAS } from '../account/admin-access.ts';

/** Staff who see the reports: the dashboard's sales figures' roles (a row of the one access table). */
export const REPORT_ROLES = ADMIN_AREAS.reports;
