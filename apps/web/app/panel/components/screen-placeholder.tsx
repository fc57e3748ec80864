import { Title } from '@mantine/core';
import { usePageTitle } from '../lib/page-title.ts';

/** A screen not built yet (replaced screen by screen). */
export function ScreenPlaceholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
}
