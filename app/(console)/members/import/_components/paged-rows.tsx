'use client';

import { useState, type ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { TableShell } from '@/components/ui/table-shell';

const PAGE = 50;

/** A locally paged list of rows in the shared table shell (previews and results can have thousands). */
export function PagedRows<T>({
  rows,
  label,
  columnCount,
  head,
  render,
}: {
  rows: T[];
  label: string;
  columnCount: number;
  head: ReactNode;
  render: (row: T) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, totalPages);
  const slice = rows.slice((current - 1) * PAGE, current * PAGE);
  return (
    <TableShell
      bare
      label={label}
      columnCount={columnCount}
      rowCount={slice.length}
      head={head}
      footer={
        rows.length > PAGE ? (
          <Pagination
            label={`${label} pages`}
            pagination={{ page: current, limit: PAGE, total: rows.length, totalPages }}
            onPageChange={setPage}
          />
        ) : undefined
      }
    >
      {slice.map(render)}
    </TableShell>
  );
}
