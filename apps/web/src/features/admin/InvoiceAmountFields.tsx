import { useState, type ReactNode } from 'react';
import type { AdminPlacementReport } from '@pb/core';
import { FeeSheet } from '../../components/billing/FeeSheet';
import { TextField } from '../../components/TextField';
import { parseAmount } from './components';

/** A dialog in which the office decides on a report: the request runs while `busy`, `error` is its refusal. */
export interface ReportDecisionProps<T> {
  report: AdminPlacementReport;
  busy: boolean;
  error: Error | null;
  onCancel: () => void;
  onSubmit: (value: T) => void;
}

/** The bonus (%) and salary (EUR) the office invoices a report with, as typed ('12,5') and parsed. */
export function useInvoiceAmounts(report: AdminPlacementReport) {
  const [bonus, setBonus] = useState(String(report.placementBonus).replace('.', ','));
  const [salary, setSalary] = useState(String(report.actualSalary).replace('.', ','));
  const amounts = { placementBonus: parseAmount(bonus), actualSalary: parseAmount(salary) };
  const valid = Number.isFinite(amounts.placementBonus) && Number.isFinite(amounts.actualSalary);
  return { bonus, setBonus, salary, setSalary, amounts, valid };
}

/**
 * The two amounts of an office decision on a report and, below the row, what the invoice will
 * come to with them; `children` (the reason) fill the row's last line.
 */
export function InvoiceAmountFields({
  idPrefix,
  bonusLabel,
  columns,
  state,
  sheetTitle,
  children,
}: {
  idPrefix: string;
  bonusLabel: string;
  /** Column classes of the bonus and the salary field. */
  columns: [string, string];
  state: ReturnType<typeof useInvoiceAmounts>;
  sheetTitle: string;
  children: ReactNode;
}) {
  const cents = Math.round(state.amounts.actualSalary * 100);
  return (
    <>
      <div className="row g-2">
        <TextField
          id={`${idPrefix}-bonus`}
          className={columns[0]}
          label={bonusLabel}
          inputMode="decimal"
          value={state.bonus}
          onChange={state.setBonus}
        />
        <TextField
          id={`${idPrefix}-salary`}
          className={columns[1]}
          label="Bruttojahresgehalt in EUR"
          inputMode="decimal"
          value={state.salary}
          onChange={state.setSalary}
        />
        {children}
      </div>
      {state.valid && (
        <div className="mt-3">
          <FeeSheet
            bonusPercent={state.amounts.placementBonus}
            salary={{ minCents: cents, maxCents: cents }}
            title={sheetTitle}
          />
        </div>
      )}
    </>
  );
}
