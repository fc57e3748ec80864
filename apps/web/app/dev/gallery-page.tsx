// The widget gallery: every field type in a DynamicForm, right to left in Arabic or left to right
// in English (`?dir=ltr`), with the live values as JSON and the outcome of the last submit.
import {
  Anchor,
  Badge,
  Box,
  Code,
  DirectionProvider,
  Grid,
  Group,
  MantineProvider,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  DynamicForm,
  FORM_IS_INVALID,
  FORM_IS_PRISTINE,
  FormsProvider,
  Paragraph,
  type SubmitResult,
  useFormEngine,
} from '@tabayyun/forms';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createGalleryAdapter } from './gallery-adapter.ts';
import { buildGalleryDefinition, GALLERY_INITIAL_VALUES, type GalleryLocale } from './gallery-definition.ts';

type Direction = 'rtl' | 'ltr';

const TEXTS = {
  ar: {
    title: 'معرض عناصر النماذج',
    intro: 'كل أنواع الحقول الثمانية والعشرين في نموذج واحد، مع القيم الحية.',
    switchTo: 'English (LTR)',
    values: 'القيم',
    result: 'نتيجة الإرسال',
    noResult: 'لم يُرسل النموذج بعد',
    submitted: 'أُرسل',
    paragraph: 'الفقرة',
  },
  en: {
    title: 'Form widget gallery',
    intro: 'All 28 field types in one form, with their live values.',
    switchTo: 'العربية (RTL)',
    values: 'Values',
    result: 'Submit result',
    noResult: 'Not submitted yet',
    submitted: 'Submitted',
    paragraph: 'Paragraph',
  },
} as const;

/** JSON of the form values; File objects (local-file) become their name, type and size. */
export function galleryJson(values: unknown): string {
  return JSON.stringify(
    values,
    (_key, value: unknown) =>
      typeof File !== 'undefined' && value instanceof File
        ? { name: value.name, type: value.type, size: value.size }
        : value,
    2,
  );
}

function GalleryForm({ dir, locale }: { dir: Direction; locale: GalleryLocale }) {
  const texts = TEXTS[locale];
  const definition = useMemo(() => buildGalleryDefinition(locale), [locale]);
  const [result, setResult] = useState<SubmitResult | null>(null);
  const engine = useFormEngine(definition, { initialValues: GALLERY_INITIAL_VALUES, dir, locale });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <DynamicForm definition={definition} engine={engine} onResult={setResult} />
        <Paper withBorder p="md" mt="lg" data-testid="paragraphs">
          <Title order={2} size="h4" mb="sm">
            {texts.paragraph}
          </Title>
          <Stack gap="xs">
            <Paragraph
              kind="plain"
              text={locale === 'ar' ? 'نص عادي: <b> لا يُفسَّر.' : 'Plain text: <b> is not parsed.'}
              dir={dir}
            />
            <Paragraph
              kind="markdown"
              text={
                locale === 'ar'
                  ? '**ماركداون** مع [رابط](https://example.org)'
                  : '**Markdown** with a [link](https://example.org)'
              }
              dir={dir}
            />
            <Paragraph
              kind="html"
              text={'<p>HTML <em>sanitised</em><script>alert(1)</script></p>'}
              dir={dir}
            />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md" style={{ position: 'sticky', top: 16 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {texts.result}
            </Title>
            <Box data-testid="submit-result" aria-live="polite">
              {result === null ? (
                <Text c="dimmed">{texts.noResult}</Text>
              ) : (
                <Stack gap="xs">
                  <Group gap="xs">
                    <Badge color={result.code === FORM_IS_INVALID ? 'red' : 'green'}>
                      {result.code ?? texts.submitted}
                    </Badge>
                    {result.submitted && result.code === FORM_IS_PRISTINE ? (
                      <Badge color="gray">{texts.submitted}</Badge>
                    ) : null}
                  </Group>
                  {result.submitted ? (
                    <Code block dir="ltr" style={{ maxHeight: 200, overflow: 'auto' }}>
                      {galleryJson(result.values)}
                    </Code>
                  ) : (
                    <Text size="sm">{Object.keys(result.errors).join(', ')}</Text>
                  )}
                </Stack>
              )}
            </Box>
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {texts.values}
            </Title>
            <Code
              block
              dir="ltr"
              data-testid="values-json"
              style={{ maxHeight: '60vh', overflow: 'auto', fontSize: 12 }}
            >
              {galleryJson(engine.values)}
            </Code>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export function GalleryPage() {
  const [searchParams] = useSearchParams();
  const dir: Direction = searchParams.get('dir') === 'ltr' ? 'ltr' : 'rtl';
  const locale: GalleryLocale = dir === 'ltr' ? 'en' : 'ar';
  const texts = TEXTS[locale];
  const adapter = useMemo(() => createGalleryAdapter(), []);

  // The document's language comes from the address (Arabic outside /en and /tr): the toggle owns it here.
  useEffect(() => {
    document.documentElement.dir = dir;
    document.documentElement.lang = locale;
  }, [dir, locale]);

  return (
    <DirectionProvider key={dir} initialDirection={dir} detectDirection={false}>
      <MantineProvider>
        <FormsProvider dir={dir} locale={locale} adapter={adapter}>
          <Box component="main" dir={dir} lang={locale} p="lg" maw={1280} mx="auto" data-gallery={dir}>
            <Group justify="space-between" mb="md" align="flex-end">
              <div>
                <Title order={1}>{texts.title}</Title>
                <Text c="dimmed">{texts.intro}</Text>
              </div>
              <Anchor
                component={Link}
                to={dir === 'rtl' ? '?dir=ltr' : '?dir=rtl'}
                data-testid="direction-toggle"
              >
                {texts.switchTo}
              </Anchor>
            </Group>
            <GalleryForm key={dir} dir={dir} locale={locale} />
          </Box>
        </FormsProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
