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
          <div className="fw-semibold mb-2">Erwartete Kosten bei erfolgreicher Besetzung</div>
          <dl className="pb-fee-list mb-0">
            <dt>Vermittlungsprämie</dt>
            <dd>{range(fees.min.placementFee, fees.max.placementFee)}</dd>
            <dt>Servicegebühr (10 % der Prämie)</dt>
            <dd>{range(fees.min.serviceFee, fees.max.serviceFee)}</dd>
            <dt>Gesamt</dt>
            <dd className="fw-semibold">{range(fees.min.total, fees.max.total)}</dd>
          </dl>
        </>
      ) : (
        <span className="text-body-secondary">
          Geben Sie Bruttojahresgehalt und Prämie an, um die erwarteten Kosten zu sehen.
        </span>
      )}
    </div>
  );
}
