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
import { useEffect, useRef, useState } from 'react';
import type { Messages } from '../i18n/messages.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { EMBED_ORIGINS, type Embed, type EmbedProvider, xWidgetUrl, youtubeFrameUrl } from './embeds.ts';

const PROVIDER_NAME: Record<EmbedProvider, keyof Messages> = {
  x: 'providerX',
  facebook: 'providerFacebook',
  youtube: 'providerYoutube',
};

const FACEBOOK_LOCALES = { ar: 'ar_AR', en: 'en_US', tr: 'tr_TR' } as const;
/** The same id as the comments widget's, so the SDK loads once per page. */
const FACEBOOK_SDK_ID = 'facebook-jssdk';
const X_SCRIPT_ID = 'twitter-wjs';

interface WidgetWindow {
  twttr?: { widgets?: { load: (element?: Element) => void } };
  FB?: { XFBML?: { parse: (element?: Element) => void } };
}

/** Adds a provider's script once; when it is already there, asks it to render `element`. */
function loadProviderScript(id: string, src: string, rerender: () => void): void {
  if (document.getElementById(id)) {
    rerender();
    return;
  }
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  document.body.appendChild(script);
}

export function EmbedPlaceholder({ embed }: { embed: Embed }) {
  const t = useMessages();
  const language = useLanguage();
  const [isLoaded, setLoaded] = useState(false);
  const loaded = useRef<HTMLDivElement>(null);
  const provider = t[PROVIDER_NAME[embed.provider]];
  const fill = (text: string) => text.replaceAll('{provider}', provider);

  useEffect(() => {
    const element = loaded.current;
    if (!isLoaded || !element) return;
    // The button is gone: keep keyboard focus on what replaced it.
    element.focus();
    const widgets = window as WidgetWindow;
    if (embed.provider === 'x') {
      loadProviderScript(X_SCRIPT_ID, EMBED_ORIGINS.xScript, () => widgets.twttr?.widgets?.load(element));
    } else if (embed.provider === 'facebook') {
      const src = `${EMBED_ORIGINS.facebookSdk}/${FACEBOOK_LOCALES[language]}/sdk.js#xfbml=1&version=v19.0`;
      loadProviderScript(FACEBOOK_SDK_ID, src, () => widgets.FB?.XFBML?.parse(element));
    }
  }, [isLoaded, embed.provider, language]);

  if (isLoaded) {
    return (
      <div ref={loaded} tabIndex={-1} className={`embed embed-loaded embed-${embed.provider}`}>
        {embed.provider === 'youtube' && embed.videoId ? (
          <div className="embed-frame">
            <iframe
              src={youtubeFrameUrl(embed.videoId)}
              title={fill(t.embedFrameTitle)}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          </div>
        ) : embed.provider === 'x' ? (
          <blockquote className="twitter-tweet" data-dnt="true" data-lang={language}>
            <a href={xWidgetUrl(embed.url)}>{embed.url}</a>
          </blockquote>
        ) : (
          <div className="fb-post" data-href={embed.url} data-width="auto" data-show-text="true">
            <blockquote cite={embed.url} className="fb-xfbml-parse-ignore">
              <a href={embed.url}>{embed.url}</a>
            </blockquote>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className={`embed embed-placeholder embed-${embed.provider}`} data-embed={embed.provider}>
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
      <button type="button" className="button embed-load" onClick={() => setLoaded(true)}>
        {fill(t.embedLoad)}
      </button>
    </div>
  );
}
