// The editors' own widgets (form-engine `x-…` types): the read-only link to the feed item a
// fact-check came from, and the live previews of the Google result and of the social card.
import { Anchor, Box, Card, Image, Stack, Text } from '@mantine/core';
import { FieldShell, type FileRecord, type WidgetProps } from '@tabayyun/forms';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { EDITOR_TEXTS } from './editor-texts.ts';

/** The form's live values and the kind, for widgets that show more than their own value. */
export const EditorValuesContext = createContext<{
  kind: 'factcheck' | 'article';
  values: Record<string, unknown>;
}>({
  kind: 'factcheck',
  values: {},
});

export function FeedLinkWidget(props: WidgetProps<string | null>): ReactNode {
  const t = useTexts(EDITOR_TEXTS);
  const id = props.value;
  const feed = useQuery({
    queryKey: ['record', 'feed', id, 'title'],
    queryFn: ({ signal }) => apiClient().get<Doc>('feed', String(id), { select: '_id,title' }, signal),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
  return (
    <FieldShell widget={props} group>
      {(control) => (
        <Box {...control} aria-readonly="true" data-testid="feed-link">
          {id ? (
            <Anchor component={Link} to={`/panel/feeds/edit/${encodeURIComponent(id)}`} fw={600}>
              {typeof feed.data?.title === 'string' && feed.data.title ? feed.data.title : t.openFeedItem}
            </Anchor>
          ) : null}
        </Box>
      )}
    </FieldShell>
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const firstPath = (v: unknown): string | undefined => {
  const first = Array.isArray(v) ? (v[0] as FileRecord | undefined) : undefined;
  return first?.path ? `/${first.path.replace(/^\/+/, '')}` : undefined;
};
const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** What search engines and social networks will show, from the values as they are now. */
export function SeoPreviewWidget(props: WidgetProps<unknown>): ReactNode {
  const t = useTexts(EDITOR_TEXTS);
  const { kind, values } = useContext(EditorValuesContext);
  const language = str(values.language) || 'ar';
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const host = typeof window === 'undefined' ? '' : window.location.host;
  const path = `${language === 'ar' ? '' : `/${language}`}/${kind}/${str(values.slug)}`;
  const title = str(values.seo_title) || str(values.title);
  const description = str(values.seo_description) || str(values.description);
  const socialTitle = str(values.og_title) || title;
  const socialDescription = str(values.og_description) || description;
  const image = firstPath(values.og_image) ?? firstPath(values.seo_image) ?? firstPath(values.images);
  return (
    <FieldShell widget={props} group>
      {(control) => (
        <Stack {...control} gap="md" data-testid="seo-preview">
          <Card withBorder padding="sm" radius="md" data-testid="google-preview">
            <Text size="xs" fw={700} c="dimmed" mb={4}>
              {t.googlePreview}
            </Text>
            <Box dir={dir} lang={language}>
              <Text
                size="xs"
                dir="ltr"
                ta={dir === 'rtl' ? 'right' : 'left'}
                style={{ overflowWrap: 'anywhere' }}
              >
                {host}
                {path}
              </Text>
              <Text size="lg" c="var(--mantine-color-anchor)" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                {cut(title, 60)}
              </Text>
              <Text size="sm" lineClamp={2}>
                {cut(description, 160)}
              </Text>
            </Box>
          </Card>
          <Card withBorder padding={0} radius="md" maw={500} data-testid="social-preview">
            <Text size="xs" fw={700} c="dimmed" p="sm" pb={4}>
              {t.socialPreview}
            </Text>
            {image ? (
              <Image src={image} alt="" h={160} fit="cover" />
            ) : (
              <Box h={80} bg="var(--mantine-color-default-hover)" p="sm">
                <Text size="sm" c="dimmed">
                  {t.noImage}
                </Text>
              </Box>
            )}
            <Box p="sm" dir={dir} lang={language}>
              <Text size="xs" c="dimmed" dir="ltr" ta={dir === 'rtl' ? 'right' : 'left'}>
                {host}
              </Text>
              <Text fw={700} lineClamp={2}>
                {socialTitle}
              </Text>
              <Text size="sm" lineClamp={2}>
                {socialDescription}
              </Text>
            </Box>
          </Card>
        </Stack>
      )}
    </FieldShell>
  );
}
