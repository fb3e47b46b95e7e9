import { redirect } from 'react-router';
import type { Route } from './+types/store-notice';
import { safeRedirect } from '../lib/redirect.ts';

/** Dismisses the store notice without scripts: sets its cookie and goes back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = String(form.get('notice') ?? '');
  const back = safeRedirect(String(form.get('redirect') ?? '/'), '/');
  if (!/^[0-9a-z]{1,13}$/.test(id)) return redirect(back);
  const secure = context.secure ? '; Secure' : '';
  return redirect(back, { headers: { 'set-cookie': `vt_store_notice_hidden_${id}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}` } });
}

export const loader = () => redirect('/');
