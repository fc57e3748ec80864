// factcheck/{slug} and article/{slug}: one module, two route ids per language.
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { CorrectionNotices } from '../components/correction-notices.tsx';
import { PostView } from '../components/post-view.tsx';
import { WithdrawnPage } from '../components/withdrawn-page.tsx';
import { requireServices } from '../data/optional-services.server.ts';
import { loadPostPage } from '../data/post.server.ts';
import { loadWithdrawnPage } from '../data/withdrawn.server.ts';
import { metaFromSeo, PREVIEW_HEADERS, passLoaderHeaders } from './route-helpers.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const kind = /\/article\//.test(new URL(request.url).pathname) ? 'article' : 'factcheck';
  const services = requireServices(context);
  const slug = params.slug ?? '';
  let result: Awaited<ReturnType<typeof loadPostPage>>;
  try {
    result = await loadPostPage(services, request, kind, slug);
  } catch (error) {
    // A withdrawn item leaves a tombstone at its address: 410, not 404 (issue 33 §4).
    if (
      error instanceof Response &&
      error.status === 404 &&
      !new URL(request.url).searchParams.has('draft')
    ) {
      const withdrawn = await loadWithdrawnPage(services, request, kind, slug);
      if (withdrawn) return data({ ...withdrawn, post: null }, { status: 410 });
    }
    throw error;
  }
  if (result instanceof Response) throw result;
  return data(result, result.isPreview ? { headers: PREVIEW_HEADERS } : undefined);
}

export const meta = metaFromSeo;
export const headers = passLoaderHeaders;

export default function PostRoute() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.post === null) return <WithdrawnPage withdrawn={loaded.withdrawn} />;
  return (
    <div className="container">
      <CorrectionNotices notices={loaded.corrections} />
      <PostView post={loaded.post} />
    </div>
  );
}
