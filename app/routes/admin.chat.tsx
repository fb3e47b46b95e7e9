import type { MetaFunction } from 'react-router';
import type { Route } from './+types/admin.chat';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CHAT_CONSOLE_ROLES } from '../features/chat/chat-roles.ts';
import { OperatorConsole } from '../features/chat/components/operator-console.tsx';
import { t } from '../i18n/t-admin.ts';
import '../features/chat/chat.css';
import '../features/chat/console.css';

/* The live chat's operator console: the page is a frame; the console talks over the chat's socket. */

export const meta: MetaFunction = () => [{ title: `${t('admin.chat.title')} · ${t('admin.title')}` }];

export function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, CHAT_CONSOLE_ROLES);
  return null;
}

export default function AdminChat() {
  return (
    <>
      <h1>{t('admin.chat.title')}</h1>
      <OperatorConsole />
    </>
  );
}
