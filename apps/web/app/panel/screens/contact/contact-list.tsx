// /panel/contact (back office §2, §7): the messages readers sent through the contact form (name,
// email, message = `subject`, date), newest first, searched by name, email and message; beyond the
// spec, each can be marked handled (PATCH replace /handled) and the list filtered by it
// (All / Unhandled / Handled, `handled` in the address).
import { Anchor, Checkbox, SegmentedControl, Spoiler, Text, VisuallyHidden } from '@mantine/core';
import { showSuccessToast } from '@tabayyun/forms';
import { type Column, ResourceTable } from '../../components/data-table/resource-table.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { useWrite } from '../../components/mutations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { defineTexts, format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';

const TEXTS = defineTexts({
  en: {
    title: 'Contact',
    searchLabel: 'Search by name, email or message',
    name: 'Name',
    email: 'Email',
    message: 'Message',
    date: 'Date',
    handled: 'Handled',
    show: 'Filter messages',
    all: 'All',
    unhandled: 'Unhandled',
    handledFilter: 'Handled',
    markHandled: 'Handled: message from {name}',
    markedHandled: 'Marked as handled',
    markedUnhandled: 'Marked as not handled',
    showMore: 'Show more',
    hide: 'Show less',
  },
  ar: {
    title: 'رسائل التواصل',
    searchLabel: 'ابحث بالاسم أو البريد أو نص الرسالة',
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    message: 'الرسالة',
    date: 'التاريخ',
    handled: 'عولجت',
    show: 'تصفية الرسائل',
    all: 'الكل',
    unhandled: 'بانتظار المعالجة',
    handledFilter: 'عولجت',
    markHandled: 'عولجت: رسالة {name}',
    markedHandled: 'عُلّمت الرسالة بأنها عولجت',
    markedUnhandled: 'أُعيدت الرسالة إلى ما ينتظر المعالجة',
    showMore: 'عرض المزيد',
    hide: 'عرض أقل',
  },
});

interface ContactRow extends Doc {
  _id: string;
  name: string;
  email: string;
  subject: string;
  handled?: boolean;
  createdAt?: string;
}

const BASE_PARAMS = { select: '_id,name,email,subject,handled,createdAt' };
const SEARCH_FIELDS = ['name', 'email', 'subject'];

export default function ContactListScreen() {
  const t = useTexts(TEXTS);
  const fmt = useFormatters();
  const can = useCan();
  const write = useWrite();
  const [list, setList] = useListParams({ sortBy: '-createdAt' });
  const mayPatch = can('Patch', apiPath('contact'));
  const filter =
    list.filters.handled === 'true' ? 'true' : list.filters.handled === 'false' ? 'false' : 'all';

  const setHandled = (row: ContactRow, handled: boolean) =>
    write(
      'contact',
      () => apiClient().patch('contact', row._id, [{ op: 'replace', path: '/handled', value: handled }]),
      () => showSuccessToast(handled ? t.markedHandled : t.markedUnhandled),
    );

  const columns: Column<ContactRow>[] = [
    { key: 'name', title: t.name, sortable: true, render: (row) => row.name },
    {
      key: 'email',
      title: t.email,
      sortable: true,
      render: (row) => (
        <Anchor href={`mailto:${row.email}`} size="sm" dir="ltr">
          {row.email}
        </Anchor>
      ),
    },
    {
      key: 'subject',
      title: t.message,
      width: '40%',
      render: (row) => (
        <Spoiler maxHeight={66} showLabel={t.showMore} hideLabel={t.hide}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
            {row.subject}
          </Text>
        </Spoiler>
      ),
    },
    {
      key: 'createdAt',
      title: t.date,
      sortable: true,
      render: (row) => <Text size="sm">{fmt.dateTime(row.createdAt)}</Text>,
    },
    {
      key: 'handled',
      title: t.handled,
      sortable: true,
      render: (row) => (
        <Checkbox
          checked={Boolean(row.handled)}
          disabled={!mayPatch}
          onChange={(event) => void setHandled(row, event.currentTarget.checked)}
          aria-label={format(t.markHandled, { name: row.name })}
          data-testid="contact-handled"
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t.title} />
      <ResourceTable<ContactRow>
        resource="contact"
        columns={columns}
        baseParams={BASE_PARAMS}
        searchFields={SEARCH_FIELDS}
        searchLabel={t.searchLabel}
        defaultSort="-createdAt"
        perPage={50}
        rowName={(row) => row.name}
        testId="contact-table"
        toolbar={
          <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <VisuallyHidden component="legend">{t.show}</VisuallyHidden>
            <SegmentedControl
              value={filter}
              onChange={(value) => setList({ filters: value === 'all' ? {} : { handled: value } })}
              data={[
                { value: 'all', label: t.all },
                { value: 'false', label: t.unhandled },
                { value: 'true', label: t.handledFilter },
              ]}
              data-testid="contact-filter"
            />
          </fieldset>
        }
      />
    </>
  );
}
