import { formatDate, type PlacementBonus } from '@pb/core';
import { percentText } from '../../../lib/jobFormat';

/** Bonus history, newest first; the first entry is the active bonus (spec §2 edit form). */
export function BonusHistory({ history }: { history: readonly PlacementBonus[] }) {
  if (history.length === 0) return null;
  return (
    <section className="card" aria-labelledby="pb-bonus-history-title">
      <div className="card-header bg-transparent">
        <h3 id="pb-bonus-history-title" className="h6 mb-0">
          Prämienverlauf
        </h3>
      </div>
      <ul className="list-group list-group-flush">
        {history.map((entry, index) => (
          <li key={entry.id} className="list-group-item d-flex align-items-center justify-content-between gap-2">
            <div>
              <div className="fw-semibold">{percentText(entry.bonus)}</div>
              <div className="small text-body-secondary">Hinzugefügt am {formatDate(entry.createdAt)}</div>
            </div>
            {index === 0 && <span className="badge text-bg-success">Aktive Prämie</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
