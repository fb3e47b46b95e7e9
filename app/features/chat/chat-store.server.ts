/*
 * The chat's data (both dialects): people, conversations and their numbered messages. Every
 * function here is called by the socket layer (chat-realtime.server.ts) or the HTTP calls
 * (server/api/chat.ts) after they have checked who is asking. One file each under store/:
 * rows and views, people and presence, conversations, messages, canned replies.
 */

export * from './store/rows.server.ts';
export * from './store/people.server.ts';
export * from './store/conversations.server.ts';
export * from './store/messages.server.ts';
export * from './store/canned.server.ts';
