// One news feed item as a card (spec §2): featured image, title, media sources by name, published
// date, description cut at 150 characters, the linked fact-check, and the actions of its status.
import { Anchor, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { apiPath, type Can } from '../../lib/permissions.ts';
import { AssignRowButton } from '../queue/assign-control.tsx';
import { firstImage } from './desk-forms.ts';
import { canRunFeedAction, type FeedAction, type FeedItem, feedActionsFor } from './feed-actions.ts';
import { FeedMatchBadge } from './feed-match.tsx';
import { FEED_TEXTS, truncate } from './feed-texts.ts';

export function FeedCard({
  item,
  can,
  onAction,
  onLink,
}: {
  item: FeedItem;
  can: Can;
  onAction: (item: FeedItem, action: FeedAction) => Promise<unknown>;
  /** Links the item to an existing fact-check (monitoring's "already checked?"). */
  onLink?: (item: FeedItem, factcheck: string) => Promise<unknown>;
}) {
  const t = useTexts(FEED_TEXTS);
  const fmt = useFormatters();
  const [busy, setBusy] = useState<FeedAction | null>(null);
  const id = String(item._id);
  const title = String(item.title ?? '');
  const image = firstImage(item.featuredImage);
  const sources = (item.mediaSource ?? [])
    .map((s) => (typeof s === 'object' && s ? s.name : undefined))
    .filter((name): name is string => Boolean(name));
  const headingId = `feed-${id}-title`;
  const canEdit = can('Update', apiPath('feed'));
  const labels: Record<FeedAction, [string, string]> = {
    archive: [t.archive, t.archiveItem],
    review: [t.review, t.reviewItem],
    investigate: [t.investigate, t.investigateItem],
  };
  const run = async (action: FeedAction) => {
    setBusy(action);
    try {
      await onAction(item, action);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="feed-card"
      data-feed-id={id}
      data-status={item.status}
    >
      {image ? (
        <Card.Section>
          <Image src={image} alt="" h={160} fit="cover" />
        </Card.Section>
      ) : null}
      <Stack gap="xs" mt={image ? 'sm' : 0} style={{ flex: 1 }}>
        <Title order={2} size="h4" id={headingId} dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {canEdit ? (
            <Anchor component={Link} to={`/panel/feeds/edit/${encodeURIComponent(id)}`} inherit>
              {title}
            </Anchor>
          ) : (
            title
          )}
        </Title>
        <Group gap="xs" wrap="wrap">
          {item.source === 'reader' ? (
            <Badge variant="light" color="grape" data-testid="feed-from-reader">
              {t.fromReader}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed" data-testid="feed-sources">
              {t.sources}: {sources.length ? sources.join('، ') : t.noSource}
            </Text>
          )}
          {(item.askedCount ?? 1) > 1 ? (
            <Badge variant="filled" color="orange" data-testid="feed-asked">
              {format(t.askedTimes, { count: fmt.number(item.askedCount ?? 1) })}
            </Badge>
          ) : null}
        </Group>
        {item.publishedDate ? (
          <Text size="sm" c="dimmed">
            {t.published}:{' '}
            <time dateTime={String(item.publishedDate)}>{fmt.dateTime(item.publishedDate)}</time>
          </Text>
        ) : null}
        {item.description ? (
          <Text size="sm" dir="auto" data-testid="feed-description">
            {truncate(String(item.description))}
          </Text>
        ) : null}
        {!item.factcheck && item.matches?.[0] ? (
          <FeedMatchBadge
            item={item}
            match={item.matches[0]}
            onLink={onLink && can('Patch', apiPath('feed')) ? onLink : undefined}
          />
        ) : null}
        {item.link ? (
          <Text size="sm">
            <Anchor
              href={item.link}
              target="_blank"
              rel="noreferrer noopener"
              aria-label={format(t.originalOf, { title })}
              data-testid="feed-original"
              inherit
            >
              {t.original}
            </Anchor>
          </Text>
        ) : null}
        {item.factcheck ? (
          <Text size="sm" data-testid="feed-factcheck">
            {t.factcheck}:{' '}
            <Anchor
              component={Link}
              to={`/panel/factcheck/edit/${encodeURIComponent(item.factcheck._id)}`}
              fw={600}
              inherit
            >
              {item.factcheck.title || t.openFactcheck}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs" mt="md" wrap="wrap">
        {feedActionsFor(item)
          .filter((action) => canRunFeedAction(can, action))
          .map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'investigate' ? 'filled' : 'default'}
              loading={busy === action}
              disabled={busy !== null && busy !== action}
              aria-label={format(labels[action][1], { title })}
              data-action={action}
              onClick={() => void run(action)}
            >
              {labels[action][0]}
            </Button>
          ))}
        {/* The desk's assignment (issue 35 §1). */}
        {can('Patch', apiPath('feed')) ? (
          <AssignRowButton resource="feed" row={{ ...item, _id: String(item._id) }} title={title} />
        ) : null}
      </Group>
    </Card>
  );
}
