export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight text-slate-900 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path d="M8 13l8-4 8 4-8 4-8-4z" fill="#fff" />
        <path d="M11 15v5c0 1.5 2.5 3 5 3s5-1.5 5-3v-5" fill="none" stroke="#fff" strokeWidth="2" />
      </svg>
      {/* A real space: the name read out is the name shown ("Placement Portal"), WCAG 2.5.3. */}
      <span>
        Placement <span className="text-indigo-600">Portal</span>
      </span>
    </span>
  );
}
