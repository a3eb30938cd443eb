import { sql } from 'drizzle-orm';
import { boolean, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The columns many tables share, written once. Each helper makes a new column builder, so a table's
 * column is its own; the SQL is exactly what the spelled-out column would make.
 */

/** The values of a CHECK's `IN (…)` list. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A moment: every time column is a `timestamp with time zone`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** The row's text id. */
export const id = () => text('id').primaryKey();

/** When the row was written. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row was last changed (written by the code that changes it). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** created_at and updated_at, for a table whose rows change. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A row of the demo data (modules/seed): the admin's Clear deletes these, told by this column alone. */
export const isDemo = () => boolean('is_demo').notNull().default(false);

/** A text column holding another table's id; `onDelete` says what deleting that row does to this one. */
export const ref = (name: string, target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict' | 'set null') =>
  text(name).references(target, { onDelete });
