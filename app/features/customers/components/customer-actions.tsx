import { Form, Link } from 'react-router';
import { LIMITS } from '../../../config/constants.ts';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { ROLES } from '../../../lib/roles.ts';
import type { CustomerDetail } from '../customers-admin.server.ts';
import { plural, t } from '../../../i18n/t-admin.ts';

/*
 * A customer page's actions, each a plain form with its CSRF token: the password-reset
 * e-mail, the role (administrators, not on their own account) and deletion, which first
 * opens a confirmation step (?delete=1) that says what the privacy tool's erasure will do.
 */

export function CustomerActions({ customer: c, canRoles, canDelete, isSelf, confirming }: { customer: CustomerDetail; canRoles: boolean; canDelete: boolean; isSelf: boolean; confirming: boolean }) {
  return (
    <section aria-labelledby="customer-actions" className="customer-card customer-page__wide">
      <h2 id="customer-actions">{t('admin.customers.actions')}</h2>
      <div className="customer-actions">
        <Form method="post" className="customer-action">
          <CsrfField />
          <h3>{t('admin.customers.resetHeading')}</h3>
          <p className="hint">{t('admin.customers.resetHint', { email: c.email, minutes: Math.round(LIMITS.passwordResetMs / 60_000) })}</p>
          <button type="submit" name="intent" value="reset" className="button button--small">
            {t('admin.customers.resetButton')}
          </button>
        </Form>
        {canRoles ? (
          <Form method="post" className="customer-action">
            <CsrfField />
            <h3>{t('admin.customers.roleHeading')}</h3>
            {isSelf ? (
              <p className="hint">{t('admin.customers.ownRole')}</p>
            ) : (
              <>
                <p className="hint">{t('admin.customers.roleHint')}</p>
                <div className="admin-list__field">
                  <label htmlFor="customer-role">{t('admin.customers.newRole')}</label>
                  <select id="customer-role" name="role" defaultValue={c.role} key={c.role}>
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`admin.role.${r}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" name="intent" value="role" className="button button--small">
                  {t('admin.customers.roleButton')}
                </button>
              </>
            )}
          </Form>
        ) : null}
        {canDelete ? (
          <div className="customer-action">
            <h3>{t('admin.customers.deleteHeading')}</h3>
            {c.role !== 'customer' ? (
              <p className="hint">{t('admin.customers.deleteStaff')}</p>
            ) : confirming ? (
              <p className="hint">{t('admin.customers.deleteAbove')}</p>
            ) : (
              <>
                <p className="hint">{t('admin.customers.deleteHint')}</p>
                <Link to={`/admin/customers/${c.id}?delete=1`} className="button button--small button--danger">
                  {t('admin.customers.deleteLink')}
                </Link>
              </>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The confirmation step before a deletion: what the erasure keeps and removes, a box to tick. */
export function DeleteConfirm({ customerId, email, orders }: { customerId: number; email: string; orders: number }) {
  return (
    <section className="notice notice--error customer-delete" aria-labelledby="delete-confirm">
      <h2 id="delete-confirm">{t('admin.customers.confirmHeading', { email })}</h2>
      <p>
        {t('admin.customers.confirmText')} {plural('admin.privacy.willAnonymise', orders)} {t('admin.customers.confirmFinal')}
      </p>
      <Form method="post" action={`/admin/customers/${customerId}`}>
        <CsrfField />
        <div className="form-row form-row--check">
          <label>
            <input type="checkbox" name="confirm" value="1" required /> {t('admin.customers.confirmBox')}
          </label>
        </div>
        <div className="admin-actions">
          <button type="submit" name="intent" value="delete" className="button button--danger">
            {t('admin.customers.deleteButton')}
          </button>
          <Link to={`/admin/customers/${customerId}`}>{t('admin.customers.cancel')}</Link>
        </div>
      </Form>
    </section>
  );
}
