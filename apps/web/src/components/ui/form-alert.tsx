import { mutationErrorText } from '../../lib/query-client.ts';

/**
 * Why a form's last send failed, kept on the form (the toast fades after 5 s): an alert read out
 * as it appears, gone once the form is sent again. `error` is the mutation's.
 */
export function FormAlert({ error, fallback }: { error: unknown; fallback?: string }) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {mutationErrorText(error, fallback)}
    </div>
  );
}
