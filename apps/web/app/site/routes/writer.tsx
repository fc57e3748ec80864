import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { Icon } from '../components/icons.tsx';
import { Paginator } from '../components/paginator.tsx';
import { PostGrid } from '../components/post-card.tsx';
import { loadWriterPage } from '../data/listing.server.ts';
import { requireServices } from '../data/optional-services.server.ts';
import { useMessages } from '../i18n/use-language.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadWriterPage(requireServices(context), request, params.id ?? '');
}

export const meta = metaFromSeo;

export default function WriterRoute() {
  const { author, result } = useLoaderData<typeof loader>();
  const t = useMessages();
  const initial = author.name.trim().charAt(0);
  return (
    <div className="container list-page">
      <header className="profile">
        {author.image ? (
          <img
            src={author.image.small ?? author.image.src}
            alt={author.name}
            width="112"
            height="112"
            className="avatar"
          />
        ) : (
          <span className="avatar avatar-initial" aria-hidden="true">
            {initial}
          </span>
        )}
        <div>
          <h1>{author.name}</h1>
          {author.position ? <p className="profile-position">{author.position}</p> : null}
          {author.bio ? <p>{author.bio}</p> : null}
          {author.links.length > 0 ? (
            <ul className="social-links">
              {author.links.map((link) => (
                <li key={link.kind}>
                  <a
                    href={link.href}
                    rel="noopener"
                    target={link.kind === 'email' ? undefined : '_blank'}
                    aria-label={link.kind}
                  >
                    <Icon name={link.kind === 'twitter' ? 'x' : link.kind} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>
      <h2 className="section-title">{t.writerNews}</h2>
      <PostGrid posts={result.items} headingLevel={3} />
      <Paginator page={result.page} pageCount={result.pageCount} />
    </div>
  );
}
