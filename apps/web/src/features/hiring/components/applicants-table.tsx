import {
  allowedMoves,
  needsPackage,
  needsSchedule,
  pipelineStages,
  stages,
  type Stage,
} from '@portal/contracts/applications';
import { bounds } from '@portal/contracts/bounds';
import { pipeline, resumeBook } from '@portal/contracts/messages';
import {
  type ApplicantRow,
  type BulkMove,
  type BulkOutcome,
  moveStageBody,
} from '@portal/contracts/pipeline';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import {
  type Column,
  DataTable,
  type TableSelection,
  useSelection,
} from '../../../components/ui/data-table.tsx';
import { DebouncedTextField } from '../../../components/ui/debounced-text-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StageBadge } from '../../../components/ui/stage-badge.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { datePart, fromDateTimeLocal, getDisplayTimeZone } from '../../../lib/dates.ts';
import {
  APPLICANTS_PAGE_SIZE,
  type ApplicantFilter,
  applicantFilterOf,
  applicantFilterQuery,
  useApplicants,
} from '../api/get-applicants.ts';
import { useOwnJobs } from '../api/get-own-jobs.ts';
import { useBulkMoveApplications } from '../api/move-application.ts';
import { resumeBookHref } from '../api/get-resume-book.ts';
import { StageMessagePanel } from './stage-message-panel.tsx';
import { RecordFilterFields } from '../../../components/ui/record-filters.tsx';

type Editable = Exclude<keyof ApplicantFilter, 'page'>;

/**
 * The table's filters, order and page in the URL (?jobId=&stage=&search=...), so a job's
 * "Applicants" link opens it filtered and the applicant page's previous/next follow the same list.
 * A filter or order change goes back to page 1.
 */
export function useApplicantFilter() {
  const [params, setParams] = useSearchParams();
  const filter = applicantFilterOf(params);
  const setFilter = (change: Partial<Record<Editable, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(change)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const setPage = (page: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page <= 1) next.delete('page');
      else next.set('page', String(page));
      return next;
    });
  return { filter, setFilter, setPage, search: params.toString() };
}

/** The filter a selection was made under: a change of it clears the selection. */
const filterKeyOf = (f: ApplicantFilter) => JSON.stringify(applicantFilterQuery(f));

const columns = (linkSearch: string): Column<ApplicantRow>[] => [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    primary: true,
    cell: (row) => (
      <>
        <Link
          to={`${detailHref(paths.company.applicantDetails, row._id)}${linkSearch ? `?${linkSearch}` : ''}`}
          className="text-indigo-700 hover:underline"
        >
          {row.name}
        </Link>
        {row.withheld && (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
            {pipeline.withheldBadge}
          </span>
        )}
        {row.placed && (
          <span
            className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-medium text-indigo-900"
            title={row.placed.offerRefusal ?? undefined}
          >
            {row.placed.label}
          </span>
        )}
      </>
    ),
  },
  { key: 'job', header: 'Job', cell: (row) => row.role },
  { key: 'degrees', header: 'Degree', cell: (row) => row.degrees.join(', ') || '—' },
  { key: 'cgpa', header: 'CGPA', sortKey: 'cgpa', cell: (row) => row.cgpa ?? '—' },
  { key: 'applied', header: 'Applied', sortKey: 'appliedAt', cell: (row) => datePart(row.appliedAt) },
  { key: 'stage', header: 'Stage', sortKey: 'stage', cell: (row) => <StageBadge stage={row.stage} /> },
];

const applicantCount = (count: number) => `${count} ${count === 1 ? 'applicant' : 'applicants'}`;

/**
 * The applicants of the company's jobs: searched (name, roll number, email), filtered and sorted on
 * the server, ticked across pages, and moved in bulk to any stage with one schedule.
 */
export function ApplicantsTable() {
  const { filter, setFilter, setPage, search } = useApplicantFilter();
  const selection = useSelection(filterKeyOf(filter));
  const [refused, setRefused] = useState<BulkOutcome['rows']>([]);
  const jobs = useOwnJobs();
  const applicants = useApplicants(filter);

  const rows = applicants.data?.items ?? [];
  const total = applicants.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / APPLICANTS_PAGE_SIZE));
  // A bulk move can empty the last page of a stage: go back to the last one that exists.
  if (applicants.data && !applicants.isPlaceholderData && filter.page > pages) setPage(pages);
  const ticked = selection.count(total);
  const pageIds = selection.selection.all ? [] : [...selection.selection.ids];

  return (
    <div className="space-y-4">
      <Card>
        <form role="search" aria-label="Filter applicants" onSubmit={(e) => e.preventDefault()}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <DebouncedTextField
              label="Search by name, roll number or email"
              type="search"
              autoComplete="off"
              maxLength={100}
              className="sm:col-span-2"
              value={filter.search}
              onCommit={(value) => setFilter({ search: value })}
            />
            <SelectField
              label="Job"
              value={filter.jobId}
              onChange={(e) => setFilter({ jobId: e.target.value })}
            >
              <option value="">All jobs</option>
              {jobs.data?.map((job) => (
                <option key={job._id} value={job._id}>
                  {job.role}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Stage"
              value={filter.stage}
              onChange={(e) => setFilter({ stage: e.target.value })}
            >
              <option value="">All stages</option>
              {stages.map((stage) => (
                <option key={stage}>{stage}</option>
              ))}
            </SelectField>
            <RecordFilterFields values={filter} onChange={(key, value) => setFilter({ [key]: value })} />
          </div>
        </form>
      </Card>
      {filter.jobId && <StageMessagePanel jobId={filter.jobId} stage={filter.stage} />}

      {filter.jobId && total > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          {ticked > 0 && !selection.selection.all ? (
            <a
              href={resumeBookHref(filter.jobId, { applicationIds: pageIds })}
              download
              className={buttonVariants.secondary}
            >
              {resumeBook.downloadTicked(ticked)}
            </a>
          ) : total <= bounds.resumeBookStudents ? (
            <a
              href={resumeBookHref(filter.jobId, { stage: filter.stage })}
              download
              className={buttonVariants.secondary}
            >
              {resumeBook.download}
            </a>
          ) : (
            <p className="text-sm text-slate-700">{resumeBook.tooMany(bounds.resumeBookStudents)}</p>
          )}
        </div>
      )}

      {applicants.isPending ? (
        <LoadingBlock />
      ) : applicants.isError ? (
        <ErrorBlock
          message={errorMessage(applicants.error)}
          onRetry={() => void applicants.refetch()}
          retrying={applicants.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState>No applicants match these filters yet.</EmptyState>
      ) : (
        <DataTable
          label="Applicants"
          noun={{ one: 'applicant', many: 'applicants' }}
          columns={columns(search)}
          rows={rows}
          rowKey={(r) => r._id}
          rowName={(r) => r.name}
          total={total}
          paging={{ page: Math.min(filter.page, pages), pageSize: APPLICANTS_PAGE_SIZE, onPage: setPage }}
          sort={{ sort: filter.sort, order: filter.order }}
          onSort={(s) => setFilter({ sort: s.sort, order: s.order })}
          selection={selection}
          actions={
            <BulkMoveActions
              filter={filter}
              selection={selection}
              total={total}
              onDone={(outcome) => setRefused(outcome.rows.filter((r) => !r.done))}
            />
          }
        />
      )}
      {refused.length > 0 && <RefusedRows rows={refused} />}
    </div>
  );
}

/** The stages a selection may be moved to: those the filtered stage allows, or any but the first. */
const targetsFor = (stage: Stage | ''): Stage[] =>
  stage ? allowedMoves(stage) : [...pipelineStages.slice(1), 'Rejected'];

/**
 * Shortlist or reject the ticked applicants in one click, or move them to any stage with one
 * schedule (or the offer's package) for all: one request, each row's outcome reported.
 */
function BulkMoveActions({
  filter,
  selection,
  total,
  onDone,
}: {
  filter: ApplicantFilter;
  selection: TableSelection;
  total: number;
  onDone: (outcome: BulkOutcome) => void;
}) {
  const bulk = useBulkMoveApplications();
  const [stage, setStage] = useState<Stage | ''>('');
  const [at, setAt] = useState('');
  const [place, setPlace] = useState('');
  const [pkg, setPkg] = useState('');
  const [error, setError] = useState('');
  const [confirmReject, setConfirmReject] = useState(false);
  const ticked = selection.count(total);
  const s = selection.selection;
  const chosen: Pick<BulkMove, 'applicationIds' | 'matching' | 'exceptIds'> = s.all
    ? { matching: applicantFilterQuery(filter), ...(s.except.size ? { exceptIds: [...s.except] } : {}) }
    : { applicationIds: [...s.ids] };

  const send = (move: Omit<BulkMove, 'applicationIds' | 'matching' | 'exceptIds'>) => {
    setError('');
    bulk.mutate(
      { ...chosen, ...move },
      {
        onSuccess: (outcome) => {
          (outcome.done > 0 ? toast.success : toast.warning)(outcome.summary);
          onDone(outcome);
          selection.clear();
          setConfirmReject(false);
          setStage('');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const moveTo = () => {
    if (!stage) return;
    const body = {
      stage,
      ...(needsSchedule(stage) && (at || place)
        ? { schedule: { at: fromDateTimeLocal(at) ?? at, place } }
        : {}),
      ...(needsPackage(stage) && pkg.trim() ? { packageOffered: Number(pkg) } : {}),
    };
    const parsed = moveStageBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? pipeline.scheduleAt);
    if (needsPackage(stage) && body.packageOffered === undefined) return setError(pipeline.packageRequired);
    send(body);
  };

  return (
    <>
      <Button
        variant="secondary"
        isPending={bulk.isPending && bulk.variables.stage === 'Shortlisted'}
        onClick={() => send({ stage: 'Shortlisted' })}
      >
        Shortlist selected
      </Button>
      {confirmReject ? (
        <>
          <span className="text-sm text-slate-800">Reject {applicantCount(ticked)}?</span>
          <Button onClick={() => send({ stage: 'Rejected' })} isPending={bulk.isPending}>
            Yes, reject
          </Button>
          <Button variant="ghost" onClick={() => setConfirmReject(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setConfirmReject(true)}>
          Reject selected
        </Button>
      )}
      <form
        className="flex w-full flex-wrap items-end gap-3"
        aria-label="Move selected applicants"
        onSubmit={(e) => {
          e.preventDefault();
          moveTo();
        }}
      >
        <SelectField
          label="Move selected to"
          value={stage}
          onChange={(e) => setStage(stages.find((s) => s === e.target.value) ?? '')}
        >
          <option value="">Choose a stage</option>
          {targetsFor(filter.stage).map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
        {stage && needsSchedule(stage) && (
          <>
            <TextField
              type="datetime-local"
              label="Date and time"
              hint={`In ${getDisplayTimeZone()} time, for all.`}
              value={at}
              onChange={(e) => setAt(e.target.value)}
            />
            <TextField
              label="Mode or place"
              placeholder="e.g. Online, Room 204"
              maxLength={200}
              value={place}
              onChange={(e) => setPlace(e.target.value)}
            />
          </>
        )}
        {stage && needsPackage(stage) && (
          <TextField
            label="Package offered (LPA)"
            type="number"
            inputMode="decimal"
            step="0.01"
            value={pkg}
            onChange={(e) => setPkg(e.target.value)}
          />
        )}
        <Button type="submit" disabled={!stage} isPending={bulk.isPending && bulk.variables.stage === stage}>
          Move {applicantCount(ticked)}
        </Button>
      </form>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** The rows a bulk move left where they were, each with the reason. */
function RefusedRows({ rows }: { rows: BulkOutcome['rows'] }) {
  return (
    <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm">
      <p className="font-semibold text-slate-900">Not moved:</p>
      <ul className="list-disc pl-5 text-slate-800">
        {rows.map((r) => (
          <li key={r._id}>
            {r.name || 'Unknown applicant'}: {r.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
