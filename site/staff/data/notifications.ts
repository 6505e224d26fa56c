/**
 * One's own new-application mail: none, one per application, or a daily digest. A new address
 * gets a confirmation link first, and no other mail until it is opened.
 */
import { STAFF_PATHS } from '../../../schemas/api-paths.ts';
import type { NotificationMode, NotificationsAnswer } from '../../../schemas/desk.ts';
import { staffCall } from '../../auth/calls.ts';
import { messageOf } from './applications.ts';

export type { NotificationMode, NotificationsAnswer };

/** Where the confirmation link mailed to a new address puts its token (server/mail/mailer.ts). */
export const CONFIRM_MAIL_HASH = '#confirm-mail=';

export async function fetchNotifications(): Promise<NotificationsAnswer> {
  return staffCall('get', STAFF_PATHS.notifications);
}

/** Saves the new-application mail choice; answers what is now set, or the failure's message. */
export async function saveNotifications(
  mode: NotificationMode,
  email: string,
): Promise<{ saved: NotificationsAnswer } | { error: string }> {
  try {
    const saved = await staffCall<NotificationsAnswer>('put', STAFF_PATHS.notifications, {
      data: { mode, ...(mode === 'off' ? {} : { email }) },
      fallback: 'Saving the mail choice failed',
    });
    return { saved };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

/** Confirms a new address with the token of the link mailed to it. */
export async function confirmAddress(
  token: string,
): Promise<{ saved: NotificationsAnswer } | { error: string }> {
  try {
    const saved = await staffCall<NotificationsAnswer>('post', STAFF_PATHS.notificationsConfirm, {
      data: { token },
      fallback: 'This confirmation link is not valid or has expired',
    });
    return { saved };
  } catch (error) {
    return { error: messageOf(error) };
  }
}
