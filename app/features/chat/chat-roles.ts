import { ADMIN_AREAS } from '../account/admin-access.ts';

/** Who may open the operator console (/admin/chat) and get operator tokens (a row of the one access table). */
export const CHAT_CONSOLE_ROLES = ADMIN_AREAS.chatConsole;
