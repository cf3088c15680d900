import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { type StudentStatus, studentStatuses } from '@portal/contracts/common';
import { bounds } from '@portal/contracts/bounds';
import { resumeBook, staffRecords } from '@portal/contracts/messages';
import type { BulkOutcome } from '@portal/contracts/pipeline';
import type { StudentBulkBody, StudentBulkChange, StudentCard } from '@portal/contracts/staff';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import {
  type Column,
  DataTable,
  type TableSelection,
  useSelection,
} from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { lpa } from '../../../lib/lpa.ts';
import { useBulkChangeStudents } from '../api/bulk-change-students.ts';
import { studentsResumeBookHref } from '../api/get-resume-book.ts';
import {
  type StudentFilters,
  studentListQueryOf,
  type StudentViewer,
  studentsCsvHref,
  useStudents,
} from '../api/get-students.ts';
import { DebouncedTextField } from '../../../components/ui/debounced-text-field.tsx';
import { StudentsMessagePanel } from './students-message-panel.tsx';
import { useStudentFilters } from './use-student-filters.ts';
import { RecordFilterFields } from '../../../components/ui/record-filters.tsx';

const columnsFor = (viewer: StudentViewer): Column<StudentCard>[] => [
  {
    key: 'name',
    header: 'Name',
    primary: true,
    cell: (s) => (
      <Link
        to={detailHref(
          viewer === 'company' ? paths.company.studentDetails : paths.staff.studentDetails,
          s._id,
        )}
        className="text-indigo-700 hover:underline"
        aria-label={`Details of ${s.name}`}
      >
        {s.name}
      </Link>
    ),
  },
  { key: 'roll', header: 'Roll number', cell: (s) => s.rollNumber ?? '—' },
  { key: 'email', header: 'Email', cell: (s) => <span className="break-all">{s.emailID}</span> },
  { key: 'degrees', header: 'Degrees', cell: (s) => s.degrees.join(', ') || '—' },
  { key: 'cgpa', header: 'CGPA', cell: (s) => s.cgpa ?? '—' },
  { key: 'year', header: 'Year', cell: (s) => s.yearOfPassing ?? '—' },
  { key: 'verified', header: 'Verified', cell: (s) => (s.verified ? 'Yes' : 'No') },
  ...(viewer === 'college-staff'
    ? [{ key: 'status', header: 'Status', cell: (s: StudentCard) => <StatusBadge status={s.role} /> }]
    : []),
  {
    key: 'placed',
    header: 'Placed',
    cell: (s) =>
      s.placementStatus.isPlaced
        ? `${s.placementStatus.companyName}${s.placementStatus.packageOffered !== null ? ` · ${lpa(s.placementStatus.packageOffered)}` : ''}`
        : 'No',
  },
  {
    key: 'resume',
    header: 'Resume',
    cell: (s) =>
      s.resume ? (
        <a
          href={s.resume}
          target="_blank"
          rel="noopener noreferrer"
          className="text-indigo-700 hover:underline"
          aria-label={`Resume of ${s.name} (opens in a new tab)`}
        >
          Resume
        </a>
      ) : (
        'None'
      ),
  },
];

/** The filter a selection was made under: a change of it clears the selection. */
const filterKeyOf = (f: StudentFilters) => JSON.stringify(studentListQueryOf(f));

/**
 * The college's students in the dense table: searched by name, roll number or email and filtered
 * on the server, sorted by name, a page at a time, with a CSV export of everything the filters
 * match. Staff tick students across pages (or every match) to verify them or change their status
 * in one request.
 */
export function StudentList({
  viewer = 'college-staff',
  colleges = [],
}: {
  viewer?: StudentViewer;
  /** A company's colleges that allow it: with two or more it chooses whose students it browses. */
  colleges?: readonly { id: number; name: string }[];
}) {
  const { filters, setFilter, setPage } = useStudentFilters();
  // The college in the URL when it still allows the company, else the first that does.
  const college = (colleges.find((c) => String(c.id) === filters.college) ?? colleges[0])?.id;
  const students = useStudents(filters, viewer, college);
  const isStaff = viewer === 'college-staff';
  const [messaging, setMessaging] = useState(false);
  const selection = useSelection(filterKeyOf(filters));
  const [refused, setRefused] = useState<BulkOutcome['rows']>([]);

  const total = students.data?.total ?? 0;
  // The server stops counting at STUDENT_COUNT_CAP: past it the last page is "N+" and the count
  // an estimate ("about N") or "N+".
  const capped = students.data?.totalCapped ?? false;
  const pageSize = students.data?.pageSize ?? 1;
  const counted = Math.max(1, Math.ceil(total / pageSize));
  const pages = capped ? Math.max(counted, filters.page) : counted;
  const morePages = capped && students.data?.items.length === pageSize;

  return (
    <div className="space-y-6">
      <Card>
        <form role="search" aria-label="Filter students" onSubmit={(event) => event.preventDefault()}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {colleges.length > 1 && (
              <SelectField
                label="College"
                className="sm:col-span-2 lg:col-span-4"
                value={college}
                onChange={(event) => setFilter('college', event.target.value)}
              >
                {colleges.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
            )}
            <DebouncedTextField
              label="Search by name, roll number or email"
              type="search"
              placeholder="e.g. Amar, 19BCE1234 or amar@college.edu"
              autoComplete="off"
              maxLength={100}
              className="sm:col-span-2 lg:col-span-4"
              value={filters.search}
              onCommit={(value) => setFilter('search', value)}
            />
            <RecordFilterFields values={filters} onChange={setFilter} />
            <SelectField
              label="Placed"
              value={filters.placed}
              onChange={(event) => setFilter('placed', event.target.value)}
            >
              <option value="">Any</option>
              <option value="true">Placed</option>
              <option value="false">Not placed</option>
            </SelectField>
            {isStaff && (
              <SelectField
                label="Account status"
                value={filters.status}
                onChange={(event) => setFilter('status', event.target.value)}
              >
                <option value="">Any</option>
                {studentStatuses.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
        </form>
      </Card>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {students.isSuccess && (
            <>
              {/* Past the cap the server sends an estimate ("about 12,400 students"), not a count. */}
              {staffRecords.matchCount(students.data)}
              {students.isPlaceholderData && <span className="text-slate-500"> · updating...</span>}
            </>
          )}
        </p>
        {isStaff && (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              aria-expanded={messaging}
              onClick={() => setMessaging((open) => !open)}
            >
              Message these students
            </Button>
            <a href={studentsCsvHref(filters)} download className={buttonVariants.secondary}>
              Export CSV
            </a>
            {students.isSuccess && total > 0 && total <= bounds.resumeBookStudents && !capped && (
              <a href={studentsResumeBookHref(filters)} download className={buttonVariants.secondary}>
                {resumeBook.downloadBook}
              </a>
            )}
          </div>
        )}
      </div>
      {isStaff && messaging && <StudentsMessagePanel filters={filters} />}

      {students.isPending ? (
        <LoadingBlock />
      ) : students.isError ? (
        <ErrorBlock
          message={errorMessage(students.error)}
          onRetry={() => void students.refetch()}
          retrying={students.isRefetching}
        />
      ) : students.data.items.length === 0 ? (
        <EmptyState>No students match these filters.</EmptyState>
      ) : (
        <DataTable
          label="Students"
          noun={{ one: 'student', many: 'students' }}
          columns={columnsFor(viewer)}
          rows={students.data.items}
          rowKey={(s) => s._id}
          rowName={(s) => s.name}
          total={total}
          {...(isStaff && !capped
            ? {
                selection,
                actions: (
                  <BulkStudentActions
                    filters={filters}
                    selection={selection}
                    total={total}
                    onDone={(outcome) => setRefused(outcome.rows.filter((r) => !r.done))}
                  />
                ),
              }
            : {})}
        />
      )}
      {refused.length > 0 && (
        <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">Not changed:</p>
          <ul className="list-disc pl-5 text-slate-800">
            {refused.map((r) => (
              <li key={r._id}>
                {r.name || 'Unknown student'}: {r.message}
              </li>
            ))}
          </ul>
        </div>
      )}

      {students.isSuccess && total > 0 && (
        <nav aria-label="Pages of students" className="flex items-center justify-center gap-3">
          <Button
            variant="secondary"
            onClick={() => setPage(Math.min(filters.page, pages) - 1)}
            disabled={filters.page <= 1}
          >
            Previous
          </Button>
          <p className="text-sm text-slate-700">
            Page {Math.min(filters.page, pages)} of {pages}
            {capped && '+'}
          </p>
          <Button
            variant="secondary"
            onClick={() => setPage(filters.page + 1)}
            disabled={filters.page >= pages && !morePages}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

const bulkChanges: { label: string; change: StudentBulkChange }[] = [
  { label: 'Verify selected', change: { action: 'verify' } },
  { label: 'Mark not placed', change: { action: 'placement', isPlaced: false } },
];

/** Staff's bulk actions on the ticked students: verify, not placed, or an account status. */
function BulkStudentActions({
  filters,
  selection,
  total,
  onDone,
}: {
  filters: StudentFilters;
  selection: TableSelection;
  total: number;
  onDone: (outcome: BulkOutcome) => void;
}) {
  const bulk = useBulkChangeStudents();
  const [status, setStatus] = useState<StudentStatus | ''>('');
  const s = selection.selection;
  const chosen: Omit<StudentBulkBody, 'change'> = s.all
    ? { matching: studentListQueryOf(filters), ...(s.except.size ? { exceptIds: [...s.except] } : {}) }
    : { studentIds: [...s.ids] };
  const send = (change: StudentBulkChange) =>
    bulk.mutate(
      { ...chosen, change },
      {
        onSuccess: (outcome) => {
          (outcome.done > 0 ? toast.success : toast.warning)(outcome.summary);
          onDone(outcome);
          selection.clear();
          setStatus('');
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  const ticked = selection.count(total);
  return (
    <>
      {bulkChanges.map(({ label, change }) => (
        <Button
          key={label}
          variant={change.action === 'verify' ? 'primary' : 'secondary'}
          isPending={bulk.isPending && bulk.variables.change.action === change.action}
          onClick={() => send(change)}
        >
          {label}
        </Button>
      ))}
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Change the account status of the selected students"
        onSubmit={(e) => {
          e.preventDefault();
          if (status) send({ action: 'status', status });
        }}
      >
        <SelectField
          label="New account status"
          value={status}
          onChange={(e) => setStatus(studentStatuses.find((v) => v === e.target.value) ?? '')}
        >
          <option value="">Choose</option>
          {studentStatuses
            .filter((v) => v !== 'Debarred')
            .map((v) => (
              <option key={v}>{v}</option>
            ))}
        </SelectField>
        <Button type="submit" variant="secondary" disabled={!status}>
          Set status of {ticked} {ticked === 1 ? 'student' : 'students'}
        </Button>
      </form>
    </>
  );
}
