import { feeRangeForSalary, formatEuro } from '@pb/core';

function range(min: number, max: number): string {
  return min === max ? formatEuro(min) : `${formatEuro(min)} – ${formatEuro(max)}`;
}

/** Expected cost for the company: bonus × salary plus the 10 % service fee; a salary range gives a range. */
export function FeeEstimate({ bonus, salary }: { bonus: number; salary: string }) {
  const fees = Number.isFinite(bonus) && bonus >= 0 ? feeRangeForSalary(bonus, salary) : null;
  return (
    <div className="pb-fee-box" aria-live="polite" data-testid="fee-estimate">
      {fees ? (
        <>
          <div className="fw-semibold mb-1">Erwartete Kosten bei erfolgreicher Besetzung</div>
          <div>
            Vermittlungsprämie: <strong>{range(fees.min.placementFee, fees.max.placementFee)}</strong>
          </div>
          <div>
            Servicegebühr (10 % der Prämie): <strong>{range(fees.min.serviceFee, fees.max.serviceFee)}</strong>
          </div>
          <div className="mt-1">
            Gesamt: <strong>{range(fees.min.total, fees.max.total)}</strong>
          </div>
        </>
      ) : (
        <span className="text-body-secondary">
          Geben Sie Bruttojahresgehalt und Prämie an, um die erwarteten Kosten zu sehen.
        </span>
      )}
    </div>
  );
}
