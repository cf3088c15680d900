import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable, type SortState, useSelection } from './data-table.tsx';

type Person = { id: string; name: string; cgpa: number };

const people: Person[] = Array.from({ length: 45 }, (_, i) => ({
  id: `p-${i + 1}`,
  name: `Student ${String(i + 1).padStart(2, '0')}`,
  cgpa: 6 + (i % 40) / 10,
}));

const columns: Column<Person>[] = [
  { key: 'name', header: 'Name', primary: true, sortKey: 'name', cell: (p) => p.name },
  { key: 'cgpa', header: 'CGPA', sortKey: 'cgpa', cell: (p) => p.cgpa },
  { key: 'roll', header: 'Roll number', cell: (p) => `R${p.id}` },
];

/** A page of 20 of the 45 people, as a server would send it; the selection as the bulk bar says it. */
function Harness({ onSelection }: { onSelection?: (text: string) => void }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>({ sort: 'name', order: 'asc' });
  const selection = useSelection('one filter');
  const rows = people.slice((page - 1) * 20, page * 20);
  const s = selection.selection;
  onSelection?.(s.all ? `all except ${[...s.except].join(',')}` : [...s.ids].join(','));
  return (
    <DataTable
      label="People"
      noun={{ one: 'person', many: 'people' }}
      columns={columns}
      rows={rows}
      rowKey={(p) => p.id}
      rowName={(p) => p.name}
      total={people.length}
      paging={{ page, pageSize: 20, onPage: setPage }}
      sort={sort}
      onSort={setSort}
      selection={selection}
      actions={<button type="button">Do it</button>}
    />
  );
}

/** Makes `(max-width: 639.98px)` match, as on a phone. */
function narrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
afterEach(() => vi.unstubAllGlobals());

describe('the dense table', () => {
  it('keeps ticks while paging, counts them, and clears them', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Student 02' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Student 21' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('checkbox', { name: 'Select Student 02' })).toBeChecked();
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Student 02' })).not.toBeChecked();
  });

  it('selects all 45 matching from a ticked page, and keeps an untick on another page', async () => {
    const user = userEvent.setup();
    let said = '';
    render(<Harness onSelection={(text) => (said = text)} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select all people on this page' }));
    expect(screen.getByText('20 selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Select all 45 people' }));
    expect(screen.getByText('45 selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('checkbox', { name: 'Select Student 45' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Student 45' }));
    expect(screen.getByText('44 selected')).toBeVisible();
    expect(said).toBe('all except p-45');
  });

  it('sorts by a header, saying the order with aria-sort', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const name = screen.getByRole('columnheader', { name: /Name/ });
    const cgpa = screen.getByRole('columnheader', { name: /CGPA/ });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(cgpa).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Roll number' })).not.toHaveAttribute('aria-sort');
    await user.click(within(name).getByRole('button'));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(cgpa).getByRole('button'));
    expect(cgpa).toHaveAttribute('aria-sort', 'ascending');
    expect(name).toHaveAttribute('aria-sort', 'none');
  });

  it('shows each row as a card with every column under 640 px, with a sort list and the same ticks', async () => {
    narrowScreen();
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(20);
    const first = cards[0]!;
    expect(within(first).getByText('Student 01')).toBeVisible();
    // No column is hidden: each other column is a term with its value.
    expect(
      within(first)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['CGPA', 'Roll number']);
    expect(within(first).getByText('Rp-1')).toBeVisible();
    await user.click(within(first).getByRole('checkbox', { name: 'Select Student 01' }));
    expect(screen.getByText('1 selected')).toBeVisible();
    expect(screen.getByLabelText('Sort by')).toHaveValue('name:asc');
  });
});
