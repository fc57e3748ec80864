// The caller's notifications: a page of them with the unread count (polled every 15 s by the
// bell), mark one or all read, and the mail settings.
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client.ts';
import type { PanelNotification } from './notification-texts.ts';

export const NOTIFICATIONS_POLL_MS = 15_000;

export const notificationsQuery = (opts: { page?: number; perPage?: number; unreadOnly?: boolean } = {}) =>
  queryOptions({
    queryKey: ['notifications', opts.page ?? 1, opts.perPage ?? 10, opts.unreadOnly ?? false],
    queryFn: ({ signal }) =>
      apiClient().request<{ data: PanelNotification[]; total: number; unread: number }>(
        'GET',
        'notification',
        {
          query: {
            page: opts.page ?? 1,
            per_page: opts.perPage ?? 10,
            ...(opts.unreadOnly ? { read: 'false' } : {}),
          },
          signal,
        },
      ),
  });

export const markRead = (id: string, read = true) =>
  apiClient().request('PATCH', `notification/${encodeURIComponent(id)}`, { body: { read } });

export const markAllRead = () => apiClient().request('POST', 'notification/read-all');

export type MailMode = 'off' | 'immediate' | 'digest';

export const settingsQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'settings'],
    queryFn: ({ signal }) =>
      apiClient().request<{ email: Record<string, MailMode> }>('GET', 'notification/settings', { signal }),
  });

export const saveSettings = (email: Record<string, MailMode>) =>
  apiClient().request<{ email: Record<string, MailMode> }>('PUT', 'notification/settings', {
    body: { email },
  });
