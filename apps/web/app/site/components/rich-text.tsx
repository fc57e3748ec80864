/**
 * Stored rich text (body, claim, refutation, conclusion, references, sources). The server sanitises
 * every HTML field on write with an allow-list (@tabayyun/text sanitizeHtml), so it renders as is.
 */
export function RichText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on write (allow-list).
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
