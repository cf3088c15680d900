import { degreeLevels, matchKey, programmesByDegree } from '@portal/contracts/programmes';
import { useProgrammes } from '../../../lib/programmes-query.ts';
import { commaList } from '../../../lib/comma-list.ts';

/**
 * The "Allowed degrees" text with one criterion added, or taken out when it is there already (in
 * any case or spelling of its punctuation, as the server reads it).
 */
export function toggleTarget(text: string, target: string): string {
  const parts = commaList(text);
  const kept = parts.filter((part) => matchKey(part) !== matchKey(target));
  return (kept.length === parts.length ? [...parts, target] : kept).join(', ');
}

function Choice({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input type="checkbox" className="mt-0.5" checked={checked} disabled={disabled} onChange={onChange} />
      <span>{label}</span>
    </label>
  );
}

/**
 * The job's target programmes picked from the college's catalogue instead of typed: a degree level
 * ("any postgraduate"), a degree with all its branches, or single programmes. Each tick writes the
 * criterion into the "Allowed degrees" text, which stays what is sent, so typing and ticking agree.
 */
export function ProgrammeTargets({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const programmes = useProgrammes();
  const offered = (programmes.data ?? []).filter((p) => !p.retired);
  if (offered.length === 0) return null;
  const chosen = new Set(commaList(value).map(matchKey));
  const has = (target: string) => chosen.has(matchKey(target));
  const toggle = (target: string) => onChange(toggleTarget(value, target));
  const levels = degreeLevels.filter((level) => offered.some((p) => p.level === level));

  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2" open={chosen.size > 0}>
      <summary className="cursor-pointer text-sm font-medium text-indigo-700">
        Choose from the college&apos;s programmes
      </summary>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <fieldset className="space-y-1">
          <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Any programme of
          </legend>
          {levels.map((level) => (
            <Choice key={level} label={`Any ${level}`} checked={has(level)} onChange={() => toggle(level)} />
          ))}
        </fieldset>
        {programmesByDegree(offered).map(([degree, list]) => {
          const whole = has(degree);
          const branches = list.filter((p) => p.branch !== '');
          return (
            <fieldset key={degree} className="space-y-1">
              <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {degree}
              </legend>
              <Choice
                label={branches.length > 0 ? `All ${degree} branches` : degree}
                checked={whole}
                onChange={() => toggle(degree)}
              />
              {branches.map((p) => (
                <Choice
                  key={p._id}
                  label={`${p.name} (${p.code})`}
                  checked={whole || has(p.code)}
                  disabled={whole}
                  onChange={() => toggle(p.code)}
                />
              ))}
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}
