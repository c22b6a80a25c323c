import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the placement report aliased `report` stands (issue 36: ratings and track records count
 * only such hires): not discarded, and the company's own, or an agency's the company can no longer
 * object to (invoiced, paid, a guarantee case) or the office released over the company's objection.
 */
export function reportStands(report: string): SQL {
  const r = sql.raw(report);
  return sql`(${r}.status <> 'verworfen'
    AND (${r}.variant = 'company' OR ${r}.status IN ('verrechnet', 'bezahlt', 'garantiefall')
         OR (${r}.objected_at IS NOT NULL AND ${r}.review_decision = 'freigegeben')))`;
}
