import { ui } from '@portal/contracts/messages';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

const audiences = [
  {
    title: 'Students',
    text: 'Keep one profile with your education, projects and internships, upload your resume and apply to openings in a click.',
  },
  {
    title: 'College staff',
    text: 'See every student of your college in one place, search them and keep their placement record up to date.',
  },
  {
    title: 'Companies',
    text: 'Post jobs, browse students with their resumes and find the talent your team is looking for.',
  },
];

export function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">
            Campus placement portal
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            {ui.tagline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">
            Job seekers: explore openings and build a resume that gets you noticed. Employers: find the talent
            you are looking for, straight from campus.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.signup.root} className={`${buttonVariants.primary} px-5 py-2.5 text-base`}>
              Get started
            </Link>
            <Link to={paths.about} className={`${buttonVariants.secondary} px-5 py-2.5 text-base`}>
              Learn more about the project
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="audiences" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="audiences" className="text-2xl font-semibold tracking-tight text-slate-900">
          One portal, three sides of campus hiring
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {audiences.map((audience) => (
            <li key={audience.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-base font-semibold text-slate-900">{audience.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{audience.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
