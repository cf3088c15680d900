import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProgrammes } from '../../../lib/programmes-query.ts';
import { useUnmappedDegrees } from '../api/get-unmapped-degrees.ts';
import { useMapDegree } from '../api/save-programme.ts';

/**
 * "Unmapped degrees": degree texts no programme matched, with how many students wrote each; staff
 * pick the programme a text means, and every such student gets it (audited on their record).
 */
export function UnmappedDegrees() {
  const unmapped = useUnmappedDegrees();
  const programmes = useProgrammes();
  const map = useMapDegree();
  const [chosen, setChosen] = useState<Record<string, string>>({});

  let content;
  if (unmapped.isError) {
    content = (
      <ErrorBlock
        message={errorMessage(unmapped.error)}
        onRetry={() => void unmapped.refetch()}
        retrying={unmapped.isRefetching}
      />
    );
  } else if (!unmapped.data) content = <LoadingBlock />;
  else if (unmapped.data.length === 0) {
    content = <p className="text-sm text-slate-600">Every student&apos;s degrees name a programme.</p>;
  } else {
    content = (
      <ul className="divide-y divide-slate-200">
        {unmapped.data.map((u) => (
          <li key={u.text} className="flex flex-wrap items-end gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-slate-900">{u.text}</p>
              <p className="text-sm text-slate-600">
                {u.students} student{u.students === 1 ? '' : 's'}
              </p>
            </div>
            <SelectField
              label={`Programme for ${u.text}`}
              value={chosen[u.text] ?? ''}
              onChange={(event) => setChosen({ ...chosen, [u.text]: event.target.value })}
            >
              <option value="">Choose a programme</option>
              {(programmes.data ?? [])
                .filter((p) => !p.retired)
                .map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.name} ({p.code})
                  </option>
                ))}
            </SelectField>
            <Button
              disabled={!chosen[u.text] || map.isPending}
              aria-label={`Map ${u.text}`}
              onClick={() =>
                map.mutate(
                  { text: u.text, code: chosen[u.text]! },
                  {
                    onSuccess: (message) => toast.success(message),
                    onError: (error) => toast.error(errorMessage(error)),
                  },
                )
              }
            >
              Map
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Unmapped degrees</h3>
      <p className="mb-4 text-sm text-slate-600">
        Degrees students wrote that no programme matched. Choose the programme each means: every student who
        wrote it gets it.
      </p>
      {content}
    </Card>
  );
}
