import { ADMIN_AREAS } from '../account/admin-access.ts';

/** API keys and webhooks: administrators only (a row of the one access table). */
export const INTEGRATION_ROLES = ADMIN_AREAS.integrations;
