/**
 * Who may do what with a data export. Route tags:
 * - 'signedIn': request an export and read the state of one's own latest request.
 * - 'dataExport.owner': download — the mailed token AND being signed in as the account that asked
 *   (a forwarded or intercepted mail alone opens nothing; docs/privacy.md).
 */

/** 'dataExport.owner': the export belongs to the signed-in account. */
export function isExportOwner(me: { id: number }, exportRow: { userId: number }): boolean {
  return exportRow.userId === me.id;
}
