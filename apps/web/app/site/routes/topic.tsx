import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ListPage } from '../components/list-page.tsx';
import { loadTopicPage } from '../data/listing.server.ts';
import { requireServices } from '../data/optional-services.server.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadTopicPage(requireServices(context), request, params.topic ?? '');
}

export const meta = metaFromSeo;

export default function TopicRoute() {
  const { header, result } = useLoaderData<typeof loader>();
  return <ListPage header={header} result={result} />;
}
