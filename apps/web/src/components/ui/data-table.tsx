import { type ReactNode, useState } from 'react';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { Button } from './button.tsx';
import { Pager } from './pager.tsx';
import { TableScroll } from './table-scroll.tsx';

/** One column: its header, how a row shows in it, and the server's sort key when it sorts. */
export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The `sort` value the server takes for this column; a header without it does not sort. */
  sortKey?: string;
  /** The column shown as the title of a row's card under 640 px (one per table). */
  primary?: boolean;
  /** The header is read, not shown (a column of links). */
  srOnlyHeader?: boolean;
};

export type SortState = { sort: string; order: 'asc' | 'desc' };

/**
 * Which rows are ticked, across pages: ids ticked one by one, or "every row matching the filter"
 * with the ids unticked since. The server takes either (`ids`, or `matching` with `exceptIds`).
 */
export type Selection = { all: false; ids: ReadonlySet<string> } | { all: true; except: ReadonlySet<string> };

const none: Selection = { all: false, ids: new Set() };

/**
 * The table's selection, kept while paging and sorting and cleared when `filterKey` (the filter it
 * was made under) changes: "all matching" means the rows of one filter.
 */
export function useSelection(filterKey: string) {
  const [state, setState] = useState<{ key: string; selection: Selection }>({
    key: filterKey,
    selection: none,
  });
  const selection = state.key === filterKey ? state.selection : none;
  const set = (next: Selection) => setState({ key: filterKey, selection: next });
  const isSelected = (id: string) => (selection.all ? !selection.except.has(id) : selection.ids.has(id));
  const flip = (ids: readonly string[], on: boolean) => {
    if (selection.all) {
      const except = new Set(selection.except);
      for (const id of ids) {
        if (on) except.delete(id);
        else except.add(id);
      }
      set({ all: true, except });
    } else {
      const chosen = new Set(selection.ids);
      for (const id of ids) {
        if (on) chosen.add(id);
        else chosen.delete(id);
      }
      set({ all: false, ids: chosen });
    }
  };
  return {
    selection,
    isSelected,
    /** How many rows are ticked, of `total` matching. */
    count: (total: number) =>
      selection.all ? Math.max(0, total - selection.except.size) : selection.ids.size,
    toggle: (id: string) => flip([id], !isSelected(id)),
    setPage: (ids: readonly string[], on: boolean) => flip(ids, on),
    selectAll: () => set({ all: true, except: new Set() }),
    clear: () => set(none),
  };
}
export type TableSelection = ReturnType<typeof useSelection>;

const ariaSort = (sort: SortState | undefined, key: string | undefined) =>
  !sort || !key || sort.sort !== key ? 'none' : sort.order === 'asc' ? 'ascending' : 'descending';

type DataTableProps<T> = {
  /** What the rows are ("Applicants"): the table's name and the cards' list's. */
  label: string;
  /** A row counted: "applicant" / "applicants". */
  noun: { one: string; many: string };
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** The row's name, for its checkbox ("Select Asha Rao"). */
  rowName: (row: T) => string;
  /** How many rows match the filter, over every page. */
  total: number;
  /** The page shown, with the count ("Showing 21–40 of 57") and the pager; a list paging itself leaves it out. */
  paging?: { page: number; pageSize: number; onPage: (page: number) => void };
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  /** With a selection, rows get checkboxes and the bulk bar shows `actions` once any is ticked. */
  selection?: TableSelection;
  /** The bulk actions for the ticked rows, shown in the bar that stays at the bottom of the screen. */
  actions?: ReactNode;
};

const plural = (count: number, noun: { one: string; many: string }) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? noun.one : noun.many}`;

/**
 * The dense table of the pages that act on many rows (applicants, browsing students, the staff's
 * students): sort by a header (aria-sort), tick rows across pages or every row matching the
 * filter, act on them from a bar that stays in view. Under 640 px each row becomes a card with
 * every column, so nothing is hidden and nothing scrolls sideways. Search and filters are the
 * page's: they go to the server, which sorts and pages.
 */
export function DataTable<T>({
  label,
  noun,
  columns,
  rows,
  rowKey,
  rowName,
  total,
  paging,
  sort,
  onSort,
  selection,
  actions,
}: DataTableProps<T>) {
  const narrow = useMediaQuery('(max-width: 639.98px)');
  const pages = paging ? Math.max(1, Math.ceil(total / paging.pageSize)) : 1;
  const ids = rows.map(rowKey);
  const pageTicked = ids.length > 0 && selection !== undefined && ids.every((id) => selection.isSelected(id));
  const ticked = selection?.count(total) ?? 0;
  const first = paging ? (paging.page - 1) * paging.pageSize + 1 : 1;
  const primary = columns.find((c) => c.primary) ?? columns[0];

  const sortBy = (key: string) =>
    onSort?.({
      sort: key,
      order: sort?.sort === key && sort.order === 'asc' ? 'desc' : 'asc',
    });

  const pageBox = selection && (
    <input
      type="checkbox"
      className="size-4"
      aria-label={`Select all ${noun.many} on this page`}
      checked={pageTicked}
      onChange={() => selection.setPage(ids, !pageTicked)}
    />
  );
  const rowBox = (row: T) =>
    selection && (
      <input
        type="checkbox"
        className="size-4"
        aria-label={`Select ${rowName(row)}`}
        checked={selection.isSelected(rowKey(row))}
        onChange={() => selection.toggle(rowKey(row))}
      />
    );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-700" aria-live="polite">
        {paging && (
          <span>
            {rows.length === total
              ? plural(total, noun)
              : `Showing ${first}–${first + rows.length - 1} of ${plural(total, noun)}`}
          </span>
        )}
        {selection && pageTicked && !selection.selection.all && total > rows.length && (
          <Button variant="ghost" className="px-2 py-1" onClick={selection.selectAll}>
            Select all {plural(total, noun)}
          </Button>
        )}
      </div>

      {narrow ? (
        <div className="space-y-2">
          {selection && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {pageBox}
              <span aria-hidden="true">Select this page</span>
            </label>
          )}
          {onSort && <SortSelect columns={columns} sort={sort} onSort={onSort} />}
          <ul aria-label={label} className="space-y-2">
            {rows.map((row) => (
              <li key={rowKey(row)} className="rounded-xl border border-slate-200 bg-white p-3">
                <div className="flex items-start gap-3">
                  {rowBox(row)}
                  <div className="min-w-0 flex-1">
                    <div className="font-medium break-words text-slate-900">{primary?.cell(row)}</div>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      {columns
                        .filter((c) => c !== primary)
                        .map((c) => (
                          <div key={c.key} className="contents">
                            <dt className="text-slate-500">{c.header}</dt>
                            <dd className="min-w-0 break-words text-slate-800">{c.cell(row)}</dd>
                          </div>
                        ))}
                    </dl>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        // Between 640 px and a wide screen a table of many columns may still be wider than its
        // column of the page: it scrolls in its own box, never the page.
        <TableScroll label={label} className="rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{label}</caption>
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                {selection && <th className="w-10 px-3 py-2">{pageBox}</th>}
                {columns.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className="px-3 py-2 font-semibold"
                    aria-sort={c.sortKey && onSort ? ariaSort(sort, c.sortKey) : undefined}
                  >
                    {c.srOnlyHeader ? (
                      <span className="sr-only">{c.header}</span>
                    ) : c.sortKey && onSort ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                        onClick={() => sortBy(c.sortKey!)}
                      >
                        {c.header}
                        <span aria-hidden="true">
                          {sort?.sort === c.sortKey ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50">
                  {selection && <td className="px-3 py-1.5">{rowBox(row)}</td>}
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={`px-3 py-1.5 break-words ${c.primary ? 'font-medium text-slate-900' : ''}`}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      {paging && pages > 1 && (
        <Pager label={`Pages of ${noun.many}`} page={paging.page} pages={pages} onPage={paging.onPage} />
      )}

      {selection && ticked > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-3 rounded-xl border-2 border-indigo-300 bg-white p-3 shadow-lg"
        >
          <span className="text-sm font-semibold text-indigo-950">
            {ticked.toLocaleString('en-IN')} selected
          </span>
          <Button variant="ghost" className="px-2 py-1" onClick={selection.clear}>
            Clear selection
          </Button>
          {actions}
        </div>
      )}
    </div>
  );
}

/** Under 640 px there are no headers to click: the sort is chosen from a list. */
function SortSelect<T>({
  columns,
  sort,
  onSort,
}: {
  columns: Column<T>[];
  sort: SortState | undefined;
  onSort: (sort: SortState) => void;
}) {
  const options = columns.filter((c) => c.sortKey);
  const value = sort ? `${sort.sort}:${sort.order}` : '';
  return (
    <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      Sort by
      <select
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
        value={value}
        onChange={(e) => {
          const [key, order] = e.target.value.split(':');
          if (key && (order === 'asc' || order === 'desc')) onSort({ sort: key, order });
        }}
      >
        {options.flatMap((c) => [
          <option key={`${c.sortKey}:asc`} value={`${c.sortKey}:asc`}>
            {c.header} (ascending)
          </option>,
          <option key={`${c.sortKey}:desc`} value={`${c.sortKey}:desc`}>
            {c.header} (descending)
          </option>,
        ])}
      </select>
    </label>
  );
}
