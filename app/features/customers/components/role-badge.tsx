import type { Role } from '../../../lib/roles.ts';
import { t } from '../../../i18n/t-admin.ts';

/** An account's role as a small label; staff roles stand out from customers. */
export function RoleBadge({ role }: { role: Role }) {
  return <span className={`role-badge role-badge--${role === 'customer' ? 'customer' : 'staff'}`}>{t(`admin.role.${role}`)}</span>;
}
