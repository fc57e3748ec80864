// A social post in an article, as a click-to-load placeholder (spec §4: no third-party request
// before the reader agrees). Server-rendered: the provider's name, a notice, the original link
// (works without JavaScript) and a "Load the post from …" button (shown only when JavaScript runs:
// the consent boot script marks <html data-consent>, see site.css). Nothing from X, Facebook or
// YouTube is requested until the button is pressed.
//
// Consent: pressing the button is the consent, for that one post only. The button names the
// provider and the notice beside it says what loading sends, so the click is a specific, informed
// choice; asking for the site-wide cookie consent first would take two actions for one post and
// would switch analytics and comments on as a side effect the reader did not ask for. So the
// click loads this post whether or not the banner was accepted, stores nothing, and grants
// nothing else; without a click nothing loads, even when site-wide consent was given.
import { EMBED_ATTRIBUTE } from '../enhance/markers.ts';
import type { Messages } from '../i18n/messages.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { FACEBOOK_LOCALES } from './comments.tsx';
import { type Embed, type EmbedProvider, xWidgetUrl } from './embeds.ts';

const PROVIDER_NAME: Record<EmbedProvider, keyof Messages> = {
  x: 'providerX',
  facebook: 'providerFacebook',
  youtube: 'providerYoutube',
};

/**
 * The placeholder, with what the site script (site/enhance/embeds.ts) needs to put the post in its
 * place when the button is pressed: the video and the frame's title (YouTube), the address X's
 * widget reads, the page's language and Facebook's locale.
 */
export function EmbedPlaceholder({ embed }: { embed: Embed }) {
  const t = useMessages();
  const language = useLanguage();
  const provider = t[PROVIDER_NAME[embed.provider]];
  const fill = (text: string) => text.replaceAll('{provider}', provider);
  return (
    <div
      className={`embed embed-placeholder embed-${embed.provider}`}
      {...{ [EMBED_ATTRIBUTE]: embed.provider }}
      data-embed-url={embed.provider === 'x' ? xWidgetUrl(embed.url) : embed.url}
      data-embed-video={embed.videoId}
      data-embed-title={embed.provider === 'youtube' ? fill(t.embedFrameTitle) : undefined}
      data-embed-lang={
        embed.provider === 'x'
          ? language
          : embed.provider === 'facebook'
            ? FACEBOOK_LOCALES[language]
            : undefined
      }
    >
      <p className="embed-provider">{provider}</p>
      <p className="embed-notice">{fill(t.embedNotice)}</p>
      <p className="embed-link">
        <a href={embed.url} rel="noopener noreferrer nofollow" target="_blank">
          {t.embedOpen}
        </a>{' '}
        <span className="embed-url" dir="ltr">
          {embed.url}
        </span>
      </p>
      <button type="button" className="button embed-load">
        {fill(t.embedLoad)}
      </button>
    </div>
  );
}
