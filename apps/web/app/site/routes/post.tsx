// factcheck/{slug} and article/{slug}: one module, two route ids per language.
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PostView } from '../components/post-view.tsx';
import { requireServices } from '../data/optional-services.server.ts';
import { loadPostPage } from '../data/post.server.ts';
import { metaFromSeo, PREVIEW_HEADERS, passLoaderHeaders } from './route-helpers.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const kind = /\/article\//.test(new URL(request.url).pathname) ? 'article' : 'factcheck';
  const result = await loadPostPage(requireServices(context), request, kind, params.slug ?? '');
  if (result instanceof Response) throw result;
  return data(result, result.isPreview ? { headers: PREVIEW_HEADERS } : undefined);
}

export const meta = metaFromSeo;
export const headers = passLoaderHeaders;

export default function PostRoute() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <PostView post={post} />
    </div>
  );
}
