// Dates on the public site: "yyyy-MM-dd, h:mm a" in the newsroom's time zone, formatted on the
// server so the browser hydrates the very same text.
export const NEWSROOM_TIME_ZONE = 'Asia/Damascus';

const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: NEWSROOM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** The language's words for a date: AM and PM, and the comma after the day (Arabic: ،). */
export interface DateWords {
  morning: string;
  evening: string;
  dateComma: string;
}

/** The parts of each date formatted lately: `formatToParts` costs ~10 µs, and a list page formats
 * the same few dozen dates on every render. Bounded: the oldest half goes when it is full. */
const partsOf = new Map<string, { day: string; time: string; morning: boolean } | null>();
const PARTS_KEPT = 2000;

/**
 * `2024-01-06, 2:00 PM`, with the language's words: `2024-01-06، 2:00 م` in Arabic. Shown in the
 * page's own direction, so an Arabic reader meets the day, then the time, then م.
 */
export function formatPublishedDate(iso: string, words: DateWords): string {
  let known = partsOf.get(iso);
  if (known === undefined) {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) known = null;
    else {
      const parts = Object.fromEntries(PARTS.formatToParts(date).map((p) => [p.type, p.value]));
      known = {
        day: `${parts.year}-${parts.month}-${parts.day}`,
        time: `${parts.hour}:${parts.minute}`,
        morning: parts.dayPeriod === 'AM',
      };
    }
    if (partsOf.size >= PARTS_KEPT) {
      for (const key of [...partsOf.keys()].slice(0, PARTS_KEPT / 2)) partsOf.delete(key);
    }
    partsOf.set(iso, known);
  }
  if (known === null) return '';
  return `${known.day}${words.dateComma} ${known.time} ${known.morning ? words.morning : words.evening}`;
}

/** The machine-readable day of a date, for `<time dateTime>`. */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}

const MODIFIED_THRESHOLD_MS = 60_000;

/** A modification is worth showing only when it came more than one minute after publication. */
export function isMeaningfullyModified(publishedAt: string | null, updatedAt: string | null): boolean {
  if (!publishedAt || !updatedAt) return false;
  return new Date(updatedAt).getTime() - new Date(publishedAt).getTime() > MODIFIED_THRESHOLD_MS;
}
