// The static pages that share one module: about-us, our-vision, our-message, {product}-story,
// organizational-structure, vision, message, partners, topic/window-to-verify.
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { StaticPageView } from '../components/static-page-view.tsx';
import { isStaticPageSlug } from '../content/static-pages.server.ts';
import { notFoundResponse } from '../data/context.server.ts';
import { servicesOfOptional } from '../data/optional-services.server.ts';
import { loadStaticPage } from '../data/pages.server.ts';
import { stripLanguage } from '../i18n/paths.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const slug = stripLanguage(new URL(request.url).pathname).split('/').filter(Boolean).pop() ?? '';
  if (!isStaticPageSlug(slug)) throw notFoundResponse();
  return loadStaticPage(servicesOfOptional(context), request, slug);
}

export const meta = metaFromSeo;

export default function AboutPageRoute() {
  return <StaticPageView data={useLoaderData<typeof loader>()} />;
}
