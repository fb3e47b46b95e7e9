/** Statuses a stored submission has (the others are answered but not kept). */
export const STORED_STATUSES_LIST = ['mail_sent', 'mail_failed', 'spam'] as const;
export type InboxStatus = (typeof STORED_STATUSES_LIST)[number];
