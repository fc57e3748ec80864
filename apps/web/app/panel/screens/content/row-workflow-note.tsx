// Under a row's title in the content lists (issue 33 §1, §5): why the item went back to draft
// (sent back by a reviewer, or unpublished), and when it is scheduled to publish.
import { Text, useComputedColorScheme } from '@mantine/core';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { CONTENT_TEXTS } from './content-texts.ts';

export function RowWorkflowNote({
  row,
}: {
  row: { status: string; statusReason?: string | null; publishAt?: string | null };
}) {
  const t = useTexts(CONTENT_TEXTS);
  const fmt = useFormatters();
  const dark = useComputedColorScheme('light') === 'dark';
  const reason = typeof row.statusReason === 'string' ? row.statusReason.trim() : '';
  return (
    <>
      {reason && row.status !== 'published' ? (
        // orange.9 (#d9480f) is 4.29:1 on white and 4.07:1 on a hovered row (axe: serious); this
        // darker orange is 6:1 on both.
        <Text size="xs" c={dark ? 'orange.3' : '#a63c06'} lineClamp={2} data-status-reason>
          <Text span size="xs" fw={700}>
            {t.sentBackReason}
          </Text>{' '}
          <span dir="auto">{reason}</span>
        </Text>
      ) : null}
      {row.publishAt && row.status !== 'published' ? (
        <Text size="xs" c={dark ? 'blue.3' : 'blue.9'} data-publish-at={row.publishAt}>
          {format(t.scheduledFor, { time: fmt.dateTime(row.publishAt) })}
        </Text>
      ) : null}
    </>
  );
}
