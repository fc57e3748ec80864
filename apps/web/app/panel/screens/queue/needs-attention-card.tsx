// The dashboard's needs-attention card (issue 35 §1): overdue items, items in review for more than
// 24 hours, new feed items older than 6 hours, translations marked "needs update"; each figure a
// link to the list filtered to those items (the server gives each its list query).
import { Anchor, Card, List, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { type AttentionFigure, attentionQuery, listUrlOf } from './desk-data.ts';
import { DESK_TEXTS, type DeskTexts } from './desk-texts.ts';

const typeOf = (t: DeskTexts, resource: string) =>
  resource === 'factcheck' ? t.typeFactcheck : resource === 'article' ? t.typeArticle : t.typeFeed;

export function NeedsAttentionCard() {
  const t = useTexts(DESK_TEXTS);
  const fmt = useFormatters();
  const figures = useQuery({ ...attentionQuery(), refetchInterval: 60_000 });
  const shown = (figures.data ?? []).filter((f) => f.count > 0);
  return (
    <Card withBorder padding="md" data-testid="needs-attention">
      <Title order={2} size="h4" mb="xs">
        {t.attentionTitle}
      </Title>
      {figures.data && shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.attentionNone}
        </Text>
      ) : (
        <List spacing={4} size="sm">
          {shown.map((figure: AttentionFigure) => (
            <List.Item key={`${figure.key}:${figure.resource}`}>
              <Anchor
                component={Link}
                to={listUrlOf(figure)}
                data-attention={`${figure.key}:${figure.resource}`}
              >
                {format(t.attentionLink, {
                  label: t[`attention-${figure.key}` as keyof DeskTexts],
                  type: typeOf(t, figure.resource),
                  count: fmt.number(figure.count),
                })}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
