import { eligibilityDraft, type EligibilityDraft } from '@portal/contracts/jobs';
import { useEffect, useState } from 'react';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useEligibleCount } from '../api/count-eligible.ts';
import { commaList } from '../../../lib/comma-list.ts';

/** How long the criteria must rest before they are counted: one request per pause, not per key. */
export const COUNT_DEBOUNCE_MS = 400;

/** The criteria as typed, as the count's body; null while they do not parse (a CGPA of "abc"). */
function draftOf(
  minCgpa: string,
  degrees: string,
  years: string,
  colleges: readonly number[],
): EligibilityDraft | null {
  const parsed = eligibilityDraft.safeParse({
    minCgpa: minCgpa.trim() === '' ? null : Number(minCgpa),
    eligibleDegrees: commaList(degrees),
    eligibleYears: commaList(years).map(Number),
    colleges,
  });
  return parsed.success ? parsed.data : null;
}

/**
 * "N students eligible" under the job form's criteria, counted by the server as they are typed
 * (after a pause), so a recruiter sees whom the job reaches before posting it: the students of
 * the colleges ticked (none ticked or no choice: every college that allows the company).
 */
export function EligibleCount({
  minCgpa,
  degrees,
  years,
  colleges = [],
}: {
  minCgpa: string;
  degrees: string;
  years: string;
  colleges?: readonly number[];
}) {
  const [draft, setDraft] = useState(() => draftOf(minCgpa, degrees, years, colleges));
  const debounced = useDebouncedCallback(setDraft, COUNT_DEBOUNCE_MS);
  const collegesKey = colleges.join(',');
  useEffect(
    () =>
      debounced.call(
        draftOf(minCgpa, degrees, years, collegesKey === '' ? [] : collegesKey.split(',').map(Number)),
      ),
    [debounced, minCgpa, degrees, years, collegesKey],
  );
  const count = useEligibleCount(draft);

  let text = '';
  if (count.isError) text = errorMessage(count.error);
  else if (count.data) text = `${count.data.count} student${count.data.count === 1 ? '' : 's'} eligible`;
  return (
    <p role="status" aria-live="polite" className="text-sm font-medium text-slate-700">
      {text}
    </p>
  );
}
