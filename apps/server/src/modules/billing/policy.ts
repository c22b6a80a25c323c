import type { UserRole } from '../../db/schema';

/**
 * Who may see and do what with placements' money (issue 12). The same rules serve the REST
 * routes and the queries: a company its own placements and invoices, a consultant the
 * placements they made, the back office everything.
 */

/** A company files a guarantee claim only on a placement at one of its own advertisements. */
export function mayClaimGuarantee(user: { id: number; role: UserRole }, report: { companyId: number | null }): boolean {
  return user.role === 'company' && report.companyId === user.id;
}

/** An invoice's PDF: the company it is addressed to, or the back office. */
export function mayReadInvoice(user: { id: number; role: UserRole }, invoice: { companyId: number | null }): boolean {
  return user.role === 'admin' || (user.role === 'company' && invoice.companyId === user.id);
}
