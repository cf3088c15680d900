import { degreeLevels, type Programme, type ProgrammeInput } from '@portal/contracts/programmes';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProgrammes } from '../../../lib/programmes-query.ts';
import { useSaveProgramme, useSetProgrammeRetired } from '../api/save-programme.ts';

type Draft = { code: string; level: string; degree: string; branch: string; durationYears: string };
const empty: Draft = { code: '', level: 'Undergraduate', degree: '', branch: '', durationYears: '4' };
const draftOf = (p: Programme): Draft => ({
  code: p.code,
  level: p.level,
  degree: p.degree,
  branch: p.branch,
  durationYears: String(p.durationYears),
});

/** A programme's fields; the server checks them with the contract's schema and answers in words. */
function ProgrammeForm({ initial, id, onDone }: { initial: Draft; id: string | null; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveProgramme();
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });
  const submit = () => {
    const body: ProgrammeInput = {
      code: draft.code,
      level: draft.level as ProgrammeInput['level'],
      degree: draft.degree,
      branch: draft.branch,
      durationYears: Number(draft.durationYears),
    };
    save.mutate(
      { id, body },
      {
        onSuccess: (p) => {
          toast.success(id === null ? `Programme ${p.name} added.` : `Programme ${p.name} saved.`);
          onDone();
          if (id === null) setDraft(empty);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField label="Code" value={draft.code} onChange={set('code')} placeholder="BTECH-CSE" />
      <SelectField label="Level" value={draft.level} onChange={set('level')}>
        {degreeLevels.map((level) => (
          <option key={level}>{level}</option>
        ))}
      </SelectField>
      <TextField label="Degree" value={draft.degree} onChange={set('degree')} placeholder="B.Tech" />
      <TextField
        className="sm:col-span-2"
        label="Branch"
        value={draft.branch}
        onChange={set('branch')}
        placeholder="Computer Science and Engineering"
      />
      <TextField
        label="Duration (years)"
        type="number"
        min={1}
        max={7}
        value={draft.durationYears}
        onChange={set('durationYears')}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-6">
        <Button type="submit" isPending={save.isPending}>
          {id === null ? 'Add programme' : 'Save programme'}
        </Button>
        {id !== null && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The college's programmes: added, edited, retired (kept for the students who hold one, no
 * longer offered) or offered again. A programme is never deleted.
 */
export function ProgrammeCatalogue() {
  const programmes = useProgrammes();
  const retire = useSetProgrammeRetired();
  const [editing, setEditing] = useState<string | null>(null);

  let content;
  if (programmes.isError) {
    content = (
      <ErrorBlock
        message={errorMessage(programmes.error)}
        onRetry={() => void programmes.refetch()}
        retrying={programmes.isRefetching}
      />
    );
  } else if (!programmes.data) content = <LoadingBlock />;
  else {
    content = (
      <TableScroll label="Programmes">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Programmes</caption>
          <thead className="text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Programme
              </th>
              <th scope="col" className="px-3 py-2">
                Code
              </th>
              <th scope="col" className="px-3 py-2">
                Level
              </th>
              <th scope="col" className="px-3 py-2">
                Years
              </th>
              <th scope="col" className="px-3 py-2">
                Students
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {programmes.data.map((p) =>
              editing === p._id ? (
                <tr key={p._id}>
                  <td colSpan={6} className="px-3 py-3">
                    <ProgrammeForm initial={draftOf(p)} id={p._id} onDone={() => setEditing(null)} />
                  </td>
                </tr>
              ) : (
                <tr key={p._id} className={p.retired ? 'text-slate-500' : ''}>
                  <td className="px-3 py-2">
                    {p.name}
                    {p.retired && ' (retired)'}
                  </td>
                  <td className="px-3 py-2 font-mono">{p.code}</td>
                  <td className="px-3 py-2">{p.level}</td>
                  <td className="px-3 py-2">{p.durationYears}</td>
                  <td className="px-3 py-2">{p.students}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Button variant="ghost" onClick={() => setEditing(p._id)} aria-label={`Edit ${p.name}`}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={retire.isPending}
                      aria-label={`${p.retired ? 'Offer again' : 'Retire'} ${p.name}`}
                      onClick={() =>
                        retire.mutate(
                          { id: p._id, retired: !p.retired },
                          {
                            onSuccess: (saved) =>
                              toast.success(
                                saved.retired
                                  ? `Programme ${saved.name} retired.`
                                  : `Programme ${saved.name} offered again.`,
                              ),
                            onError: (error) => toast.error(errorMessage(error)),
                          },
                        )
                      }
                    >
                      {p.retired ? 'Offer again' : 'Retire'}
                    </Button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </TableScroll>
    );
  }

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Catalogue</h3>
      <p className="mb-5 text-sm text-slate-600">
        Students choose their current programme from these; jobs are open to levels, degrees or programmes of
        it.
      </p>
      <div className="mb-6">
        <ProgrammeForm initial={empty} id={null} onDone={() => undefined} />
      </div>
      {content}
    </Card>
  );
}
