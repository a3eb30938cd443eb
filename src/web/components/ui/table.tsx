import { cn } from '../../lib/cn.ts';

/** A column of a table: its heading, whether it holds amounts (aligned right), whether its heading is for screen readers only. */
export interface Column {
  label: string;
  numeric?: boolean;
  srOnly?: boolean;
}

/** A table's header row: a `th scope="col"` per column, each styled with `className`. */
export function HeaderRow({ columns, className }: { columns: readonly Column[]; className: string }) {
  return (
    <tr>
      {columns.map((c) => (
        <th key={c.label} scope="col" className={cn(className, c.numeric && 'text-right')}>
          {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
        </th>
      ))}
    </tr>
  );
}
