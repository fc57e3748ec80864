// What a notification can say (issue 35 §3) and how each kind is mailed unless the user chose
// otherwise in their profile: what needs them now at once, the rest in the daily digest.
export const NOTIFICATION_KINDS = [
  'assigned',
  'mentioned',
  'sent-back',
  'published',
  'scheduled-publish-failed',
  'feed-match',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const MAIL_MODES = ['off', 'immediate', 'digest'] as const;
export type MailMode = (typeof MAIL_MODES)[number];

export const DEFAULT_MAIL_MODES: Readonly<Record<NotificationKind, MailMode>> = {
  assigned: 'immediate',
  mentioned: 'immediate',
  'sent-back': 'immediate',
  published: 'digest',
  'scheduled-publish-failed': 'immediate',
  'feed-match': 'digest',
};

/** A user's stored choices over the defaults; unknown kinds and modes are dropped. */
export function mailModesOf(stored: Record<string, unknown> | undefined): Record<NotificationKind, MailMode> {
  const modes = { ...DEFAULT_MAIL_MODES };
  for (const kind of NOTIFICATION_KINDS) {
    const mode = stored?.[kind];
    if (typeof mode === 'string' && (MAIL_MODES as readonly string[]).includes(mode)) {
      modes[kind] = mode as MailMode;
    }
  }
  return modes;
}
