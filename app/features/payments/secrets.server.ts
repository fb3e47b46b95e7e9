import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { DB } from '../../../db/client.ts';
import type { Services } from '../../lib/services.server.ts';

/*
 * Payment providers' secrets (API secret keys, webhook signing secrets): sealed with AES-256-GCM
 * under a key derived from the shop's secret (SESSION_SECRET), in their own table, never in the
 * store settings that pages and answers read. Only a provider's server module opens them; the
 * admin sees `mask` of each.
 */

const sealKey = (services: Pick<Services, 'config'>) => createHmac('sha256', services.config.sessionSecret).update('vitrine:payment-secrets').digest();

export function sealSecret(services: Pick<Services, 'config'>, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(services), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The secret, or null when it cannot be opened (sealed under another shop secret). */
export function openSecret(services: Pick<Services, 'config'>, sealed: string): string | null {
  try {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', sealKey(services), iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** `sk_test_…4242`: the key's kind and its last four characters, as Stripe's dashboard shows it. */
export function mask(secret: string | null | undefined): string {
  if (!secret) return '';
  const prefix = /^(whsec_|[a-z]{2}_(test|live)_)/.exec(secret)?.[0] ?? '';
  return `${prefix}…${secret.slice(-4)}`;
}

/** Every secret of one provider, opened. */
export async function readSecrets(services: Pick<Services, 'config' | 'db'>, provider: string): Promise<Record<string, string>> {
  const rows = await services.db.selectFrom('payment_secrets').select(['name', 'sealed']).where('provider', '=', provider).execute();
  const out: Record<string, string> = {};
  for (const r of rows) {
    const v = openSecret(services, r.sealed);
    if (v) out[r.name] = v;
  }
  return out;
}

/** Sets (non-empty value) or removes (null) a provider's secrets, in one transaction. */
export async function writeSecrets(services: Pick<Services, 'config' | 'db'>, provider: string, values: Record<string, string | null>): Promise<void> {
  const now = new Date().toISOString();
  await services.db.transaction().execute(async (trx: DB) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === null) {
        await trx.deleteFrom('payment_secrets').where('provider', '=', provider).where('name', '=', name).execute();
        continue;
      }
      const row = { provider, name, sealed: sealSecret(services, value), updated_at: now };
      await trx
        .insertInto('payment_secrets')
        .values(row)
        .onConflict((oc) => oc.columns(['provider', 'name']).doUpdateSet({ sealed: row.sealed, updated_at: now }))
        .execute();
    }
  });
}
