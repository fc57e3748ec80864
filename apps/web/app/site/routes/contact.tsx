// contact-us: posts to `contract` with fetch when JavaScript runs; without it the same form posts
// to this route's action, which stores the message through the same service.
import { useEffect, useState } from 'react';
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { type ContactInput, contactProblems } from '../data/contact-rules.ts';
import { requireServices, siteRefusalOf } from '../data/optional-services.server.ts';
import { sendContactMessage } from '../data/pages.server.ts';
import { buildSeo } from '../data/seo.server.ts';
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

type Status = 'idle' | 'sending' | 'sent' | 'failed';

export default function ContactRoute() {
  useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useMessages();
  const [values, setValues] = useState<ContactInput>({ name: '', email: '', subject: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof ContactInput, boolean>>>({});
  const [status, setStatus] = useState<Status>('idle');
  // Before hydration the browser's own validation guards the plain form post.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const problems = contactProblems(values);
  const isInvalid = problems.length > 0;
  const isSent = status === 'sent' || actionData?.status === 'sent';

  const field = (name: keyof ContactInput) => ({
    name,
    id: `contact-${name}`,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
    onBlur: () => setTouched((v) => ({ ...v, [name]: true })),
    'aria-invalid': touched[name] && problems.includes(name) ? true : undefined,
    required: true,
  });

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isInvalid) return;
    setStatus('sending');
    try {
      const response = await fetch('/api/contract', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      });
      setStatus(response.ok ? 'sent' : 'failed');
    } catch {
      setStatus('failed');
    }
  };

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
        <Form method="post" className="contact-form" onSubmit={submit} noValidate={false}>
          <label htmlFor="contact-name">{t.contactName}</label>
          <input type="text" autoComplete="name" maxLength={200} {...field('name')} />
          <label htmlFor="contact-email">{t.contactEmail}</label>
          <input type="email" autoComplete="email" maxLength={320} dir="ltr" {...field('email')} />
          {touched.email && problems.includes('email') ? (
            <p className="field-error">{t.contactInvalidEmail}</p>
          ) : null}
          <label htmlFor="contact-subject">{t.contactMessage}</label>
          <textarea rows={7} maxLength={5000} {...field('subject')} />
          {status === 'failed' ? (
            <p className="field-error" role="alert">
              {t.contactFailed}
            </p>
          ) : null}
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
          <button
            type="submit"
            className="button"
            disabled={isHydrated && (isInvalid || status === 'sending')}
          >
            {t.contactSend}
          </button>
        </Form>
      )}
    </div>
  );
}
