import { OutboxList } from '../../../features/dev-outbox/components/outbox-list.tsx';

/**
 * /dev/outbox, linked from no menu: what a developer without an SMTP server reads instead of a
 * mailbox. The server itself refuses unless it runs in development.
 */
export function DevOutboxPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Development outbox</h1>
      <p className="mt-2 mb-6 text-sm text-slate-600">
        Emails the server would send, newest first, so a reset link can be followed without an SMTP server.
        Shown only while the server runs in development.
      </p>
      <OutboxList />
    </div>
  );
}
