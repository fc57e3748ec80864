import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { useTexts } from '../../i18n/i18n.tsx';
import { LanguageToggle } from './language-toggle.tsx';

/** Platform §2 "Centered narrow layout": at most 500 px wide, the logo above the page. */
export function CenteredLayout({ children }: { children: ReactNode }) {
  const t = useTexts(COMMON_TEXTS);
  return (
    <Box component="main" className="panel-centered" id="panel-main">
      <Stack gap="lg">
        <Group justify="space-between">
          <Group gap="xs">
            <img src="/favicon.svg" alt="" width={36} height={36} />
            <Text fw={700} size="xl">
              {t.productName}
            </Text>
          </Group>
          <LanguageToggle />
        </Group>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          {children}
        </Paper>
      </Stack>
    </Box>
  );
}
