import { t } from '../../i18n/t-admin.ts';

/** An event's name as the back office shows it ("Order created"). */
export const topicLabel = (topic: string): string => t(`webhooks.topic.${topic}` as 'webhooks.topic.ping');
