import { calculateFees } from '@pb/core';

/**
 * The money of one placement report, computed once (spec §3/§5): the agreed bonus and
 * salary give the placement fee and the 10 % service fee; the bonus in force at the
 * time of the report is kept beside them for the back office. Pure: no database.
 */

export interface ReportFigures {
  /** The bonus agreed for this placement, in percent. */
  placementBonus: number;
  /** The advertisement's active bonus when it was reported, in percent (null: none recorded). */
  bonusInForce: number | null;
  actualSalary: number;
  placementFee: number;
  serviceFee: number;
  total: number;
}

export function reportFigures(
  input: { placementBonus: number; actualSalary: number },
  bonusInForce: number | null,
): ReportFigures {
  const fees = calculateFees(input.placementBonus, input.actualSalary);
  return {
    placementBonus: input.placementBonus,
    bonusInForce,
    actualSalary: input.actualSalary,
    placementFee: fees.placementFee,
    serviceFee: fees.serviceFee,
    total: fees.total,
  };
}
