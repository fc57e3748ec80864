// "Possibly already checked: <title>" on a monitored feed item (issue 15): the best published
// fact-check the server matched, linked, with a button that links the item to it instead of
// investigating a new one.
import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import type { FeedItem, FeedMatch } from './feed-actions.ts';
import { FEED_TEXTS } from './feed-texts.ts';

export function FeedMatchBadge({
  item,
  match,
  onLink,
}: {
  item: FeedItem;
  match: FeedMatch;
  onLink?: ((item: FeedItem, factcheck: string) => Promise<unknown>) | undefined;
}) {
  const t = useTexts(FEED_TEXTS);
  const fmt = useFormatters();
  const [busy, setBusy] = useState(false);
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid="feed-match"
      data-factcheck-id={match._id}
      style={{ borderColor: 'var(--mantine-color-orange-filled)', borderInlineStartWidth: 4 }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t.possiblyChecked}{' '}
          <Anchor
            component={Link}
            to={`/panel/factcheck/edit/${encodeURIComponent(match._id)}`}
            dir="auto"
            inherit
          >
            {match.title}
          </Anchor>
        </Text>
        <Text size="xs" c="dimmed">
          {format(t.matchScore, { score: fmt.number(Math.round(match.score * 100)) })}
        </Text>
        {onLink ? (
          <Button
            size="compact-sm"
            variant="light"
            color="orange"
            loading={busy}
            style={{ alignSelf: 'flex-start' }}
            aria-label={format(t.linkItemTo, { factcheck: match.title })}
            data-action="link"
            onClick={() => {
              setBusy(true);
              void onLink(item, match._id).finally(() => setBusy(false));
            }}
          >
            {t.linkToFactcheck}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
