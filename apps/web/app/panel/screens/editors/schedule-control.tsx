// "Publish at…" (issue 33 §5): a date and time in the editor's time zone (named beside the field),
// shown back in the panel's language once scheduled, with a cancel. The server publishes the item
// at that time, checking the gate again then.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { WORKFLOW_TEXTS } from './workflow-texts.ts';

const ZONE = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
})();

/** `YYYY-MM-DDTHH:mm` of a date in the local zone (a datetime-local input's value). */
const localInputValue = (date: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

export function ScheduleControl({
  publishAt,
  blocked,
  busy,
  onSchedule,
}: {
  publishAt: string | null;
  /** Publishing is blocked now (the panel says why): scheduling waits too. */
  blocked: boolean;
  busy: boolean;
  onSchedule(publishAt: string | null): void;
}) {
  const t = useTexts(WORKFLOW_TEXTS);
  const fmt = useFormatters();
  const [value, setValue] = useState(() => localInputValue(new Date(Date.now() + 60 * 60_000)));
  const [error, setError] = useState<string | null>(null);
  if (publishAt) {
    return (
      <Stack gap={4} data-testid="schedule">
        <Text size="sm" fw={600} data-testid="scheduled-for" data-publish-at={publishAt}>
          {format(t.scheduledFor, { time: fmt.dateTime(publishAt) })}
        </Text>
        <Group>
          <Button
            variant="default"
            size="xs"
            disabled={busy}
            onClick={() => onSchedule(null)}
            data-testid="schedule-cancel"
          >
            {t.scheduleCancel}
          </Button>
        </Group>
      </Stack>
    );
  }
  const schedule = () => {
    const when = new Date(value);
    if (Number.isNaN(when.getTime()) || when.getTime() <= Date.now()) {
      setError(t.schedulePast);
      return;
    }
    setError(null);
    onSchedule(when.toISOString());
  };
  return (
    <Stack gap={4} component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" size="sm" fw={600} p={0}>
        {t.scheduleTitle}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap" data-testid="schedule">
        <TextInput
          type="datetime-local"
          label={format(t.scheduleLabel, { zone: ZONE })}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          disabled={blocked || busy}
          dir="ltr"
          style={{ flex: '1 1 220px', maxWidth: 280 }}
          data-testid="schedule-input"
        />
        <Button variant="default" disabled={blocked || busy} onClick={schedule} data-testid="schedule-set">
          {t.scheduleSet}
        </Button>
      </Group>
    </Stack>
  );
}
