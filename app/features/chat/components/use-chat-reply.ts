import { useRef, type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction } from 'react';
import type { ChatConnection } from '../client/chat-connection.ts';
import { TYPING_TIMEOUT_MS, type ChatErrorBody, type ConversationView } from '../chat.schema.ts';
import { t } from '../../../i18n/t-chat.ts';
import { errorMessage } from './chat-widget-forms.tsx';
import type { Bubble } from './chat-widget-conversation.tsx';

/*
 * The visitor's reply box in the chat popup (chat-widget.tsx): Enter sends (Shift+Enter is a
 * new line), the message shows at once as pending and is marked failed if the server refuses
 * it, and typing is announced to the operator until the box is left, sent or idle.
 */
export function useChatReply(conn: RefObject<ChatConnection | null>, convRef: RefObject<ConversationView | null>, setBubbles: Dispatch<SetStateAction<Bubble[]>>) {
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typingOn = useRef(false);

  function setTyping(on: boolean) {
    const c = conn.current;
    const conv = convRef.current;
    if (!c || !conv) return;
    clearTimeout(typingTimer.current);
    if (on) typingTimer.current = setTimeout(() => setTyping(false), TYPING_TIMEOUT_MS);
    if (typingOn.current !== on) {
      typingOn.current = on;
      c.typing(conv.id, on);
    }
  }

  function send() {
    const c = conn.current;
    const conv = convRef.current;
    const box = replyRef.current;
    if (!c || !conv || !box) return;
    const text = box.value;
    if (!text.trim()) return;
    box.value = '';
    setTyping(false);
    const { clientId, stored } = c.send(conv.id, text);
    setBubbles((list) => [...list, { key: `c${clientId}`, own: true, system: false, name: t('chat.w.you'), text, pending: true }]);
    stored.catch((error: ChatErrorBody) => {
      setBubbles((list) => list.map((b) => (b.key === `c${clientId}` ? { ...b, pending: false, failed: errorMessage(error) } : b)));
    });
  }

  function onReplyKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
      return;
    }
    if (['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Tab', 'Escape'].includes(e.key)) return;
    setTyping(true);
  }

  return { replyRef, setTyping, send, onReplyKey };
}
