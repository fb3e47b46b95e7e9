import { Form, useActionData, useLoaderData, type MetaFunction } from 'react-router';
import type { Route } from './+types/admin.chat';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField, Field } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { CHAT_CONSOLE_ROLES } from '../features/chat/chat-roles.ts';
import { setOperatorAvatar } from '../features/chat/chat-store.server.ts';
import { operatorAvatarSchema } from '../features/chat/chat.schema.ts';
import { ChatAvatar } from '../features/chat/components/chat-avatar.tsx';
import { OperatorConsole } from '../features/chat/components/operator-console.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/chat/chat.css';
import '../features/chat/console.css';

/* The live chat's operator console: the page is a frame; the console talks over the chat's socket. Also the operator's picture. */

export const meta: MetaFunction = () => [{ title: `${t('admin.chat.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request, CHAT_CONSOLE_ROLES);
  const me = await context.services.db.selectFrom('chat_users').select(['name', 'gravatar', 'avatar_type', 'avatar_image']).where('operator_user', '=', user.id).executeTakeFirst();
  return {
    name: me?.name || user.name || user.email.split('@')[0],
    gravatar: me?.gravatar ?? '',
    avatarType: me?.avatar_type === 'gravatar' || me?.avatar_type === 'image' ? me.avatar_type : 'other',
    avatarImage: me?.avatar_image ?? '',
  };
}

const MESSAGES: Record<string, 'admin.chat.avatarTypeInvalid' | 'admin.chat.avatarImageInvalid'> = {
  avatar_type: 'admin.chat.avatarTypeInvalid',
  avatar_image: 'admin.chat.avatarImageInvalid',
};

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request, CHAT_CONSOLE_ROLES);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const parsed = operatorAvatarSchema.safeParse(values);
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'avatarType'), t(MESSAGES[i.message] ?? 'admin.chat.avatarImageInvalid')]));
      throw new HttpError(400, 'invalid', Object.values(fields)[0], fields);
    }
    await setOperatorAvatar(context.services.db, user, parsed.data);
    return { done: t('admin.chat.avatarSaved') };
  }, values);
}

export default function AdminChat() {
  const me = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && isActionError(result) ? result.error : null;
  return (
    <>
      <h1>{t('admin.chat.title')}</h1>
      <OperatorConsole />
      <details className="chat-console__picture" open={error ? true : undefined}>
        <summary>{t('admin.chat.avatarTitle')}</summary>
        <Form method="post" className="admin-form">
          <CsrfField />
          <p className="chat-console__preview">
            <ChatAvatar name={me.name} type={me.avatarType} image={me.avatarImage} gravatar={me.gravatar} size={48} /> {t('admin.chat.avatarNow')}
          </p>
          <fieldset>
            <legend>{t('admin.chat.avatarType')}</legend>
            {(['other', 'gravatar', 'image'] as const).map((v) => (
              <p key={v} className="form-row form-row--check">
                <label>
                  <input type="radio" name="avatarType" value={v} defaultChecked={me.avatarType === v} /> {t(`admin.chat.avatar.${v}`)}
                </label>
              </p>
            ))}
          </fieldset>
          <Field id="chat-avatar-image" name="avatarImage" label={t('admin.chat.avatarImage')} defaultValue={me.avatarImage} error={error?.fields?.avatarImage} />
          <ActionNotice result={result} />
          <button type="submit" className="button">
            {t('admin.chat.avatarSave')}
          </button>
        </Form>
      </details>
    </>
  );
}
