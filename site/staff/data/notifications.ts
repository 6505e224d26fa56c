/** One's own new-application mail: none, one per application, or a daily digest. */
import { STAFF_PATHS } from '../../../schemas/api-paths.ts';
import type { NotificationMode, NotificationsAnswer } from '../../../schemas/desk.ts';
import { staffCall } from '../../auth/calls.ts';
import { messageOf } from './applications.ts';

export type { NotificationMode };

export async function fetchNotifications(): Promise<NotificationsAnswer> {
  return staffCall('get', STAFF_PATHS.notifications);
}

/** Saves the new-application mail choice; answers the failure's message, or null. */
export async function saveNotifications(
  mode: NotificationMode,
  email: string,
): Promise<string | null> {
  try {
    await staffCall('put', STAFF_PATHS.notifications, {
      data: { mode, ...(mode === 'off' ? {} : { email }) },
      fallback: 'Saving the mail choice failed',
    });
    return null;
  } catch (error) {
    return messageOf(error);
  }
}
