/**
 * The id of the `<script type="application/json">` listing the files of a rendered page's code in the
 * order they run (src/server/http/page-start.ts writes it, src/web/boot.ts runs them one per task). A
 * module of its own: boot.ts's file must import nothing the app's files import.
 */
export const PAGE_CODE_ID = 'page-code';
