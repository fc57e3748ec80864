// The paragraph renderer (platform §3): plain, markdown or html text. Markdown is rendered with
// `marked`; html and markdown output go through the shared allow-list sanitiser before they
// reach the DOM, so a definition can never inject script.
import { Text, Typography } from '@mantine/core';
import { sanitizeHtml } from '@tabayyun/text/sanitize-html';
import { marked } from 'marked';
import { useMemo } from 'react';

export type ParagraphKind = 'plain' | 'markdown' | 'html';

export interface ParagraphProps {
  kind?: ParagraphKind;
  text: string;
  dir?: 'rtl' | 'ltr';
}

/** Sanitised HTML for markdown or html text. */
export function renderParagraphHtml(kind: 'markdown' | 'html', text: string): string {
  const html = kind === 'markdown' ? marked.parse(text, { async: false, gfm: true }) : text;
  return sanitizeHtml(html);
}

export function Paragraph({ kind = 'plain', text, dir }: ParagraphProps) {
  const html = useMemo(() => (kind === 'plain' ? '' : renderParagraphHtml(kind, text)), [kind, text]);
  if (kind === 'plain') {
    return (
      <Text component="p" dir={dir} style={{ whiteSpace: 'pre-line' }} data-paragraph="plain">
        {text}
      </Text>
    );
  }
  return (
    <Typography dir={dir} data-paragraph={kind}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by @tabayyun/text's allow-list above */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
