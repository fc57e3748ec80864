// check-a-claim (issue 36 §1): "Is this true?". As the reader types, our published fact-checks
// that match appear at once (GET {api}/tip/matches, the site script: site/enhance/tip-matches.ts).
// The form (multipart, with screenshots) posts to this route's action, with or without JavaScript,
// which stores it through the same service as POST {api}/tip and answers with the matches.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { chipStyle } from '../components/chip-style.ts';
import { requireServices, siteRefusalOf } from '../data/optional-services.server.ts';
import { buildSeo } from '../data/seo.server.ts';
import { type RatingLabel, ratingLabels, submitTipForm, type TipMatchView } from '../data/tips.server.ts';
import { TIP_MATCHES_ATTRIBUTE } from '../enhance/markers.ts';
import type { TipMatchesSetup } from '../enhance/tip-matches.ts';
import { type Language, languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { localePath } from '../i18n/paths.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { metaFromSeo } from './route-helpers.ts';

/** Server-side limits the form mirrors (apps/server/src/modules/tips/tip-input.ts). */
const CLAIM_MIN = 10;
const CLAIM_MAX = 2000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const t = messagesFor(language);
  return {
    seo: buildSeo({ request, language, title: t.checkClaimTitle, description: t.checkClaimIntro }),
    ratings: await ratingLabels(requireServices(context), language),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const refusal = siteRefusalOf(context);
  if (refusal) {
    return data({ status: 'failed' as const, code: refusal.code }, { status: refusal.status });
  }
  const language = languageFromPath(new URL(request.url).pathname);
  const result = await submitTipForm(requireServices(context), await request.formData(), language);
  return data(result, { status: result.status === 'sent' ? 200 : 400 });
}

export const meta = metaFromSeo;

function MatchList({
  matches,
  ratings,
  language,
}: {
  matches: TipMatchView[];
  ratings: Record<string, RatingLabel>;
  language: Language;
}) {
  const t = useMessages();
  return (
    <section className="tip-matches" aria-labelledby="tip-matches-title">
      <h2 id="tip-matches-title">{t.checkClaimMatches}</h2>
      <ul>
        {matches.map((m) => {
          const rating = m.category ? ratings[m.category] : undefined;
          const lang = (['ar', 'en', 'tr'].includes(m.language) ? m.language : language) as Language;
          return (
            <li key={m._id} data-testid="tip-match">
              {rating ? (
                <span className="rating-chip small" style={chipStyle(rating.color)}>
                  {rating.name}
                </span>
              ) : null}
              <a href={localePath(lang, `/factcheck/${encodeURIComponent(m.slug || m._id)}`)} lang={lang}>
                {m.title}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function CheckClaimRoute() {
  const { ratings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useMessages();
  const language = useLanguage();
  const sentMatches = actionData?.status === 'sent' ? actionData.matches : null;
  const isSent = actionData?.status === 'sent';
  const invalidFields = actionData?.status === 'invalid' ? actionData.fields : [];
  const problem =
    actionData?.status === 'invalid'
      ? t.checkClaimInvalid
      : actionData?.status === 'failed'
        ? actionData.code === 'RATE_LIMITED'
          ? t.checkClaimTooMany
          : t.checkClaimFailed
        : null;
  const setup: TipMatchesSetup = {
    language,
    title: t.checkClaimMatches,
    noMatch: t.checkClaimNoMatch,
    searching: t.checkClaimSearching,
    ratings: Object.fromEntries(
      Object.entries(ratings).map(([id, rating]) => [
        id,
        { name: rating.name, style: chipStyle(rating.color) as Record<string, string> },
      ]),
    ),
  };

  return (
    <div className="container static-page check-claim">
      <header className="featured-header">
        <div>
          <h1>{t.checkClaimTitle}</h1>
          <p className="lead">{t.checkClaimIntro}</p>
        </div>
      </header>
      {isSent ? (
        <>
          <p className="notice success" role="status" data-testid="tip-sent">
            {t.checkClaimSent}
          </p>
          {sentMatches && sentMatches.length > 0 ? (
            <MatchList matches={sentMatches} ratings={ratings} language={language} />
          ) : null}
          <p>
            <a className="button" href={localePath(language, '/check-a-claim')}>
              {t.checkClaimAnother}
            </a>
          </p>
        </>
      ) : (
        <Form method="post" encType="multipart/form-data" className="contact-form tip-form">
          <input type="hidden" name="language" value={language} />
          <label htmlFor="tip-claim">{t.checkClaimLabel}</label>
          <textarea
            id="tip-claim"
            name="claim"
            rows={5}
            required
            minLength={CLAIM_MIN}
            maxLength={CLAIM_MAX}
            placeholder={t.checkClaimPlaceholder}
            aria-invalid={invalidFields.includes('claim') ? true : undefined}
            aria-describedby="tip-live"
          />
          <div id="tip-live" aria-live="polite" {...{ [TIP_MATCHES_ATTRIBUTE]: JSON.stringify(setup) }} />
          <label htmlFor="tip-link">{t.checkClaimLink}</label>
          <input
            id="tip-link"
            name="link"
            type="url"
            dir="ltr"
            maxLength={2000}
            inputMode="url"
            aria-invalid={invalidFields.includes('link') ? true : undefined}
          />
          <label htmlFor="tip-images">{t.checkClaimImages}</label>
          <input id="tip-images" name="images" type="file" accept="image/*" multiple />
          <label htmlFor="tip-email">{t.checkClaimEmail}</label>
          <input
            id="tip-email"
            name="email"
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={254}
            aria-invalid={invalidFields.includes('email') ? true : undefined}
          />
          <label className="check" htmlFor="tip-consent">
            <input id="tip-consent" name="consent" type="checkbox" />
            <span>{t.checkClaimConsent}</span>
          </label>
          {problem ? (
            <p className="field-error" role="alert" data-testid="tip-problem">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="button">
            {t.checkClaimSend}
          </button>
        </Form>
      )}
    </div>
  );
}
