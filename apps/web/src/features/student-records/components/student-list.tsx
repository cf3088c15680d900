import { useState } from 'react';
import { studentStatuses } from '@portal/contracts/common';
import { bounds } from '@portal/contracts/bounds';
import { resumeBook } from '@portal/contracts/messages';
import { academicBounds } from '@portal/contracts/students';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { studentsResumeBookHref } from '../api/get-resume-book.ts';
import { type StudentViewer, studentsCsvHref, useStudents } from '../api/get-students.ts';
import { DebouncedTextField } from '../../../components/ui/debounced-text-field.tsx';
import { StudentCard } from './student-card.tsx';
import { StudentsMessagePanel } from './students-message-panel.tsx';
import { useStudentFilters } from './use-student-filters.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The college's students: searched by name and filtered on the server, sorted by name, a page at a
 * time, with a CSV export of everything the filters match.
 */
export function StudentList({ viewer = 'college-staff' }: { viewer?: StudentViewer }) {
  const { filters, setFilter, setPage } = useStudentFilters();
  const students = useStudents(filters, viewer);
  const isStaff = viewer === 'college-staff';
  const [messaging, setMessaging] = useState(false);

  const total = students.data?.total ?? 0;
  // The server stops counting at STUDENT_COUNT_CAP: past it the count and the last page are "N+".
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
            <DebouncedTextField
              label="Search by name"
              type="search"
              placeholder="e.g. Amar"
              autoComplete="off"
              maxLength={100}
              className="sm:col-span-2 lg:col-span-4"
              value={filters.search}
              onCommit={(value) => setFilter('search', value)}
            />
            <DebouncedTextField
              label="Degree"
              placeholder="e.g. B.Tech"
              maxLength={100}
              value={filters.degree}
              onCommit={(value) => setFilter('degree', value)}
            />
            <DebouncedTextField
              label="Year of passing"
              type="number"
              inputMode="numeric"
              min={academicBounds.yearOfPassing.min}
              max={academicBounds.yearOfPassing.max}
              placeholder="e.g. 2026"
              value={filters.year}
              onCommit={(value) => setFilter('year', /^\d{4}$/.test(value.trim()) ? value.trim() : '')}
            />
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
              {capped ? `${total.toLocaleString('en-IN')}+ students` : plural(total, 'student', 'students')}
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
        <ul aria-label="Students" className="space-y-4">
          {students.data.items.map((student) => (
            <li key={student._id}>
              <StudentCard student={student} viewer={viewer} />
            </li>
          ))}
        </ul>
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
