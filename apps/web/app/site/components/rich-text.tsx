import { EmbedPlaceholder } from './embed-placeholder.tsx';
import { splitEmbeds } from './embeds.ts';

/**
 * Stored rich text (body, claim, refutation, conclusion, references, sources). The server sanitises
 * every HTML field on write with an allow-list (@tabayyun/text sanitizeHtml), so it renders as is,
 * except for social posts (`<p><a href="URL" rel="embed">URL</a></p>` to X, Facebook or YouTube):
 * each becomes a click-to-load placeholder (embed-placeholder.tsx). The split is a pure function
 * of the HTML, so the server render and the hydration agree.
 */
export function RichText({ html }: { html: string }) {
  const parts = splitEmbeds(html);
  if (parts.length === 1 && parts[0]?.kind === 'html') {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on write (allow-list).
    return <div className="prose" dangerouslySetInnerHTML={{ __html: parts[0].html }} />;
  }
  return (
    <div className="prose">
      {parts.map((part, index) =>
        part.kind === 'html' ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on write (allow-list).
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one HTML string, in a fixed order.
          <div key={index} className="prose-part" dangerouslySetInnerHTML={{ __html: part.html }} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one HTML string, in a fixed order.
          <EmbedPlaceholder key={index} embed={part.embed} />
        ),
      )}
    </div>
  );
}
