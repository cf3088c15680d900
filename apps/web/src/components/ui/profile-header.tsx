import { Avatar } from './avatar.tsx';

type ProfileHeaderProps = {
  name: string;
  email: string;
  picture: string;
  /** The account status (Allowed, Suspended, Debarred). */
  status: string;
  subtitle?: string | undefined;
};

const statusStyles: Record<string, string> = {
  Allowed: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  Suspended: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  Debarred: 'bg-red-50 text-red-700 ring-red-600/20',
};

export function ProfileHeader({ name, email, picture, status, subtitle }: ProfileHeaderProps) {
  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      <Avatar name={name} src={picture} className="size-16 text-lg" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold text-slate-900">{name}</p>
        {subtitle && <p className="truncate text-sm text-slate-600">{subtitle}</p>}
        <p className="truncate text-sm text-slate-500">{email}</p>
      </div>
      <span
        className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${
          statusStyles[status] ?? 'bg-slate-50 text-slate-700 ring-slate-600/20'
        }`}
      >
        Account: {status}
      </span>
    </div>
  );
}
