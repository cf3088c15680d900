import type { StaffDriveDay } from '@portal/contracts/drive-days';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useAddCoordinator, useCoordinators, useRemoveCoordinator } from '../api/room-board.ts';

const toggle = (list: string[], id: string) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

function Choices({
  legend,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  options: { id: string; name: string }[];
  chosen: string[];
  onToggle: (id: string) => void;
}) {
  const prefix = useId();
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label
            key={o.id}
            htmlFor={`${prefix}-${o.id}`}
            className="flex items-center gap-2 text-sm text-slate-900"
          >
            <input
              id={`${prefix}-${o.id}`}
              type="checkbox"
              checked={chosen.includes(o.id)}
              onChange={() => onToggle(o.id)}
              className="h-4 w-4 rounded border-slate-400"
            />
            {o.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The day's coordinators: student volunteers or junior staff, each looking after some companies or
 * rooms. Staff add one by the account's email and end an assignment.
 */
export function Coordinators({ day }: { day: StaffDriveDay }) {
  const id = day.day.id;
  const list = useCoordinators(id);
  const add = useAddCoordinator();
  const remove = useRemoveCoordinator();
  const [email, setEmail] = useState('');
  const [companyIds, setCompanyIds] = useState<string[]>([]);
  const [roomIds, setRoomIds] = useState<string[]>([]);
  const companies = [
    ...new Map(day.panels.map((p) => [p.companyId, { id: p.companyId, name: p.company }])).values(),
  ];
  return (
    <section aria-labelledby={`coordinators-${id}`} className="mt-6">
      <h4 id={`coordinators-${id}`} className="font-semibold text-slate-900">
        Coordinators
      </h4>
      <p className="text-sm text-slate-700">
        Students or staff of the college who run rooms on the day: they see the board of their companies or
        rooms, check students in and out and mark no-shows. They enter no result.
      </p>
      {(list.data ?? []).length > 0 && (
        <ul className="mt-2 space-y-2 text-sm text-slate-800">
          {(list.data ?? []).map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 break-words">
                {c.name} ({c.email}): {[...c.companies, ...c.rooms].map((x) => x.name).join(', ')}
              </span>
              <Button
                variant="secondary"
                disabled={remove.isPending}
                aria-label={`Remove ${c.name} as coordinator`}
                onClick={() =>
                  remove.mutate({ id, itemId: c.id }, { onSuccess: (message) => toast.success(message) })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        aria-label="Add a coordinator"
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(
            { id, body: { email, companyIds, roomIds } },
            {
              onSuccess: (message) => {
                toast.success(message);
                setEmail('');
                setCompanyIds([]);
                setRoomIds([]);
              },
            },
          );
        }}
      >
        <TextField
          label="Coordinator’s email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          maxLength={254}
          autoComplete="off"
        />
        <Choices
          legend="Companies they look after"
          options={companies}
          chosen={companyIds}
          onToggle={(c) => setCompanyIds((l) => toggle(l, c))}
        />
        <Choices
          legend="Rooms they look after"
          options={day.day.rooms}
          chosen={roomIds}
          onToggle={(r) => setRoomIds((l) => toggle(l, r))}
        />
        <Button type="submit" disabled={add.isPending}>
          Add coordinator
        </Button>
        <FormAlert error={add.error} />
      </form>
    </section>
  );
}
