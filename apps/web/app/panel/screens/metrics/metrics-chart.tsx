// The published-per-day bar chart of the Metrics screen: a module of its own, loaded after the
// screen has drawn (the chart library is the heaviest part of it), as the dashboard's.
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { METRICS_TEXTS } from './metrics-texts.ts';

const BY_MONTH_AFTER_DAYS = 62;

export default function MetricsChart({
  days,
  summary,
}: {
  days: { day: string; count: number }[];
  summary: string;
}) {
  const t = useTexts(METRICS_TEXTS);
  const fmt = useFormatters();
  const { language, dir } = usePanelLanguage();
  const label = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SY-u-nu-latn' : 'en-GB', {
    day: 'numeric',
    month: 'short',
  });
  const byMonth = days.length > BY_MONTH_AFTER_DAYS;
  const monthLabel = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SY-u-nu-latn' : 'en-GB', {
    month: 'short',
    year: '2-digit',
  });
  // Beyond two months a bar a day is thinner than a pixel on a phone: a bar a month instead.
  const data: { label: string; count: number }[] = [];
  for (const d of days) {
    const [y, m, day] = d.day.split('-').map(Number) as [number, number, number];
    const text = byMonth ? monthLabel.format(new Date(y, m - 1, 1)) : label.format(new Date(y, m - 1, day));
    const last = data[data.length - 1];
    if (byMonth && last?.label === text) last.count += d.count;
    else data.push({ label: text, count: d.count });
  }
  return (
    <Box role="img" aria-label={summary} dir="ltr" data-testid="metrics-chart">
      <BarChart
        h={200}
        data={data}
        dataKey="label"
        series={[{ name: 'count', color: 'brand.6', label: t.count }]}
        tickLine="y"
        gridAxis="y"
        withTooltip
        valueFormatter={(value) => fmt.number(value)}
        xAxisProps={{ reversed: dir === 'rtl', interval: 'preserveStartEnd', minTickGap: 16 }}
        yAxisProps={{ orientation: dir === 'rtl' ? 'right' : 'left', allowDecimals: false, width: 32 }}
      />
    </Box>
  );
}
