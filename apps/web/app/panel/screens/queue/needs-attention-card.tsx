// The desk's lines of the dashboard's needs-attention card (issue 35 §1): overdue items, items in
// review for more than 24 hours, new feed items older than 6 hours, translations marked "needs
// update"; each figure a link to the list filtered to those items (the server gives each its list
// query, and the figure is that list's total). Figures of zero are left out.
import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { attentionQuery, listUrlOf } from './desk-data.ts';
import { DESK_TEXTS, type DeskTexts } from './desk-texts.ts';

const typeOf = (t: DeskTexts, resource: string) =>
  resource === 'factcheck' ? t.typeFactcheck : resource === 'article' ? t.typeArticle : t.typeFeed;

export function DeskAttentionLines() {
  const t = useTexts(DESK_TEXTS);
  const fmt = useFormatters();
  const figures = useQuery({ ...attentionQuery(), refetchInterval: 60_000 });
  const shown = (figures.data ?? []).filter((f) => f.count > 0);
  return shown.map((figure) => (
    <Group key={`${figure.key}:${figure.resource}`} justify="space-between" wrap="nowrap" gap="xs">
      <Anchor
        component={Link}
        to={listUrlOf(figure)}
        size="sm"
        data-attention={`${figure.key}:${figure.resource}`}
        data-count={figure.count}
      >
        {format(t.attentionLine, {
          label: t[`attention-${figure.key}` as keyof DeskTexts],
          type: typeOf(t, figure.resource),
        })}
      </Anchor>
      <Text size="sm" fw={700}>
        {fmt.number(figure.count)}
      </Text>
    </Group>
  ));
}
