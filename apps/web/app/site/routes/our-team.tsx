import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { SiteLink } from '../components/site-link.tsx';
import { requireServices } from '../data/optional-services.server.ts';
import type { TeamMember } from '../data/pages.server.ts';
import { loadTeamPage } from '../data/pages.server.ts';
import { useMessages } from '../i18n/use-language.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadTeamPage(requireServices(context), request);
}

export const meta = metaFromSeo;

function MemberCard({ member }: { member: TeamMember }) {
  return (
    <li>
      <SiteLink to={member.href} className="member-card">
        {member.image ? (
          <img
            src={member.image.small ?? member.image.src}
            alt=""
            width="72"
            height="72"
            className="avatar"
            loading="lazy"
          />
        ) : (
          <span className="avatar avatar-initial" aria-hidden="true">
            {member.name.trim().charAt(0)}
          </span>
        )}
        <span className="member-name">{member.name}</span>
        {member.position ? <span className="member-position">{member.position}</span> : null}
      </SiteLink>
    </li>
  );
}

export default function OurTeamRoute() {
  const { active, former } = useLoaderData<typeof loader>();
  const t = useMessages();
  return (
    <div className="container list-page">
      <header className="featured-header">
        <div>
          <h1>{t.ourTeam}</h1>
          <p>{t.impartiality}</p>
        </div>
      </header>
      <section aria-labelledby="team-active">
        <h2 id="team-active" className="section-title">
          {t.ourTeam}
        </h2>
        <ul className="team-grid" data-testid="team-active">
          {active.map((member) => (
            <MemberCard key={member.id} member={member} />
          ))}
        </ul>
      </section>
      {former.length > 0 ? (
        <section aria-labelledby="team-former">
          <h2 id="team-former" className="section-title">
            {t.formerTeam}
          </h2>
          <ul className="team-grid" data-testid="team-former">
            {former.map((member) => (
              <MemberCard key={member.id} member={member} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
