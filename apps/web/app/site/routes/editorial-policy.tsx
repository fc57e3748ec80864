// /editorial-and-publication-policy: a static page in its own route module, so its code loads only when visited.
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { StaticPageView } from '../components/static-page-view.tsx';
import { servicesOfOptional } from '../data/optional-services.server.ts';
import { loadStaticPage } from '../data/pages.server.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadStaticPage(servicesOfOptional(context), request, 'editorial-and-publication-policy');
}

export const meta = metaFromSeo;

export default function StaticPageRoute() {
  return <StaticPageView data={useLoaderData<typeof loader>()} />;
}
