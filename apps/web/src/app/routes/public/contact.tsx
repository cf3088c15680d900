import { AuthorLinks } from './author-links.tsx';

export function ContactPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Contact Page</h1>
      <p className="mt-4 text-base text-slate-600">Reach the author through these profiles.</p>
      <div className="mt-6">
        <AuthorLinks />
      </div>
    </div>
  );
}
