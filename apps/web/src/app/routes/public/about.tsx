import { AuthorLinks } from './author-links.tsx';

const tools = [
  { name: 'React', use: 'the user interface' },
  { name: 'Vite', use: 'the development server and the build' },
  { name: 'Fastify', use: 'the API server' },
  { name: 'PostgreSQL', use: 'the database' },
  { name: 'Drizzle', use: 'queries and migrations' },
  { name: 'TanStack Query', use: 'fetching and caching server data' },
  { name: 'Tailwind', use: 'the styling' },
];

export function AboutPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">About</h1>
      <p className="mt-4 text-base leading-relaxed text-slate-600">
        Placement Portal is a learning project built on a web stack. It connects students, college staff and
        companies: students keep a profile and apply to jobs, staff look after their college&apos;s students,
        and companies post jobs and find talent.
      </p>

      <h2 className="mt-10 text-xl font-semibold text-slate-900">Built with</h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {tools.map((tool) => (
          <li key={tool.name} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
            <p className="text-sm font-semibold text-slate-900">{tool.name}</p>
            <p className="text-sm text-slate-600">{tool.use}</p>
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-xl font-semibold text-slate-900">The author</h2>
      <div className="mt-4">
        <AuthorLinks />
      </div>
    </div>
  );
}
