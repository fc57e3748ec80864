// "Run now" on a media source (issue 15): POST /api/media-source/:id/run answers the closed run;
// a toast tells what it found, and the runs, reports and feed lists refresh.
import { Button } from '@mantine/core';
import { showSuccessToast, showWarningToast } from '@tabayyun/forms';
import { useState } from 'react';
import { useWrite } from '../../components/mutations.ts';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc, type WriteAnswer } from '../../lib/api-client.ts';
import { MEDIA_SOURCE_TEXTS } from './media-source-texts.ts';

/** Runs can take a while (every feed, each with its own time-out). */
const RUN_TIMEOUT_MS = 5 * 60_000;

export function RunNowButton({ id, name }: { id: string; name: string }) {
  const t = useTexts(MEDIA_SOURCE_TEXTS);
  const fmt = useFormatters();
  const write = useWrite();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await write(
        ['media-source', 'media-source-run', 'scraping-report', 'feed'],
        () =>
          apiClient().request<WriteAnswer>('POST', `media-source/${encodeURIComponent(id)}/run`, {
            timeoutMs: RUN_TIMEOUT_MS,
          }),
        (answer) => {
          const run = answer.document as Doc & { status?: string; results?: Record<string, number> };
          const r = run.results ?? {};
          const values = {
            name,
            new: fmt.number(r.new ?? 0),
            duplicates: fmt.number(r.duplicates ?? 0),
            errors: fmt.number(r.errors ?? 0),
          };
          if (run.status === 'failed') showWarningToast(format(t.runFailed, values));
          else showSuccessToast(format(t.runFinished, values));
        },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={busy}
      aria-label={format(t.runNowOf, { name })}
      data-testid="run-now"
      onClick={() => void run()}
    >
      {t.runNow}
    </Button>
  );
}
