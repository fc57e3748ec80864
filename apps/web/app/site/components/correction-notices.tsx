// Corrections as readers see them (issue 33 §3): dated notices at the top of a fact-check or
// article page, and the entries of /corrections. A note keeps its item's language (`lang`).
import type { CorrectionEntry, CorrectionNotice } from '../data/corrections.server.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { SiteLink } from './site-link.tsx';

function NoticeBody({ notice }: { notice: CorrectionNotice }) {
  const language = useLanguage();
  return (
    <>
      <p className="correction-head">
        <strong>{notice.label}</strong>{' '}
        <time dateTime={notice.date} dir="auto">
          {notice.dateText}
        </time>
      </p>
      {notice.rating ? <p className="correction-rating">{notice.rating}</p> : null}
      <p className="correction-note" lang={notice.language === language ? undefined : notice.language}>
        {notice.note}
      </p>
    </>
  );
}

/** The notices above an item's title; nothing when it has none. */
export function CorrectionNotices({ notices }: { notices: readonly CorrectionNotice[] }) {
  const t = useMessages();
  if (notices.length === 0) return null;
  return (
    <section className="correction-notices" aria-label={t.correctionsOnPage} data-testid="correction-notices">
      <ul>
        {notices.map((notice) => (
          <li
            key={notice.id}
            id={`correction-${notice.id}`}
            className={`correction correction-${notice.kind}`}
            data-testid="correction-notice"
          >
            <NoticeBody notice={notice} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One entry of /corrections: the notice and the item it corrects. */
export function CorrectionListItem({ entry }: { entry: CorrectionEntry }) {
  return (
    <li className={`correction correction-${entry.kind}`} data-testid="correction-entry">
      {entry.item ? (
        <h2 className="correction-item">
          <SiteLink to={entry.item.href}>{entry.item.title}</SiteLink>
        </h2>
      ) : null}
      <NoticeBody notice={entry} />
    </li>
  );
}
