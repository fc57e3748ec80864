// contact-us: posts to `contract` with fetch when JavaScript runs (the site script,
// site/enhance/contact.ts); without it the same form posts to this route's action, which stores the
// message through the same service.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import type { ContactInput } from '../data/contact-rules.ts';
import { requireServices, siteRefusalOf } from '../data/optional-services.server.ts';
import { sendContactMessage } from '../data/pages.server.ts';
import { buildSeo } from '../data/seo.server.ts';
import type { ContactFormSetup } from '../enhance/contact.ts';
import { CONTACT_FORM_ATTRIBUTE } from '../enhance/markers.ts';
import { languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { useMessages } from '../i18n/use-language.ts';
import { metaFromSeo } from './route-helpers.ts';

export function loader({ request }: LoaderFunctionArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const t = messagesFor(language);
  return { seo: buildSeo({ request, language, title: t.contactTitle, description: t.contactIntro }) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const refusal = siteRefusalOf(context);
  if (refusal) {
    const reason = refusal.code === 'RATE_LIMITED' ? ('too-many' as const) : ('too-large' as const);
    return data({ status: 'refused' as const, reason }, { status: refusal.status });
  }
  const form = await request.formData();
  const input: ContactInput = {
    name: String(form.get('name') ?? ''),
    email: String(form.get('email') ?? ''),
    subject: String(form.get('subject') ?? ''),
  };
  const result = await sendContactMessage(requireServices(context), input);
  return result.ok ? { status: 'sent' as const } : { status: 'invalid' as const, problems: result.problems };
}

export const meta = metaFromSeo;

export default function ContactRoute() {
  useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useMessages();
  const isSent = actionData?.status === 'sent';
  const setup: ContactFormSetup = {
    sent: t.contactSent,
    failed: t.contactFailed,
    invalidEmail: t.contactInvalidEmail,
  };
  const field = (name: keyof ContactInput) => ({ name, id: `contact-${name}`, required: true });

  return (
    <div className="container static-page">
      <header className="featured-header">
        <div>
          <h1>{t.contactTitle}</h1>
          <p className="lead">{t.contactIntro}</p>
        </div>
      </header>
      {isSent ? (
        <p className="notice success" role="status" data-testid="contact-sent">
          {t.contactSent}
        </p>
      ) : (
        <Form method="post" className="contact-form" {...{ [CONTACT_FORM_ATTRIBUTE]: JSON.stringify(setup) }}>
          <label htmlFor="contact-name">{t.contactName}</label>
          <input type="text" autoComplete="name" maxLength={200} {...field('name')} />
          <label htmlFor="contact-email">{t.contactEmail}</label>
          <input type="email" autoComplete="email" maxLength={320} dir="ltr" {...field('email')} />
          <label htmlFor="contact-subject">{t.contactMessage}</label>
          <textarea rows={7} maxLength={5000} {...field('subject')} />
          {actionData?.status === 'refused' ? (
            <p className="field-error" role="alert" data-testid="contact-refused">
              {actionData.reason === 'too-many' ? t.contactTooMany : t.contactTooLarge}
            </p>
          ) : null}
          {actionData?.status === 'invalid' ? (
            <p className="field-error" role="alert">
              {t.contactRequired}
            </p>
          ) : null}
          <button type="submit" className="button">
            {t.contactSend}
          </button>
        </Form>
      )}
    </div>
  );
}
