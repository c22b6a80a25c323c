import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { formatDateTime, formatEuro, formatNumber, type AdminDashboard, type AdminMonthPoint } from '@pb/core';
import { useDashboard } from './api/dashboard';
import { ErrorLine, Loading, PageHeader } from './components';
import { cell, ResponsiveTable, type ListColumn } from './ResponsiveTable';
import styles from './admin.module.css';

const MONTH_NAMES = ['Jän', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];

function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${year?.slice(2)}`;
}

const METRICS = {
  placements: {
    label: 'Vermittlungen',
    value: (p: AdminMonthPoint) => p.placements,
    format: (v: number) => formatNumber(v),
  },
  fees: {
    label: 'Prämien + Servicegebühr (EUR)',
    value: (p: AdminMonthPoint) => p.placementFees + p.serviceFees,
    format: formatEuro,
  },
  serviceFees: { label: 'Servicegebühr (EUR)', value: (p: AdminMonthPoint) => p.serviceFees, format: formatEuro },
  newJobs: { label: 'Neue Inserate', value: (p: AdminMonthPoint) => p.newJobs, format: (v: number) => formatNumber(v) },
} as const;
type MetricKey = keyof typeof METRICS;

const RUN_COLUMNS: readonly ListColumn[] = ['Zeitpunkt', 'Art', 'Gewarnt', 'Gelöscht', 'Inserate deaktiviert'];

export function Component() {
  const dashboard = useDashboard();
  return (
    <>
      <PageHeader title="Dashboard" />
      <ErrorLine error={dashboard.error} />
      {dashboard.isPending ? <Loading /> : dashboard.data ? <DashboardView d={dashboard.data} /> : null}
    </>
  );
}

/** A figure on the dashboard; `wide`: an amount in euros, a whole row on a phone so it stays on one line. */
function Figure({ label, value, hint, wide = false }: { label: string; value: string; hint?: string; wide?: boolean }) {
  return (
    <div className={`${wide ? 'col-12 col-sm-6' : 'col-6'} col-md-4 col-xl-3`}>
      <div className={`card shadow-sm h-100 ${styles.figureCard}`}>
        <div className="card-body">
          <div className="small text-body-secondary">{label}</div>
          <div className={styles.figure} data-testid={`figure-${label}`}>
            {value}
          </div>
          {hint ? <div className="small text-body-secondary">{hint}</div> : null}
        </div>
      </div>
    </div>
  );
}

function DashboardView({ d }: { d: AdminDashboard }) {
  const [metric, setMetric] = useState<MetricKey>('placements');
  return (
    <>
      <div className="row g-3 mb-4">
        <Figure label="Unternehmen" value={formatNumber(d.companies)} />
        <Figure
          label="Personalberater"
          value={formatNumber(d.consultants)}
          hint={`öffentlich gelistete Personalvermittlungen: ${formatNumber(d.listedAgencies)}`}
        />
        <Figure label="Aktive Inserate" value={formatNumber(d.publishedJobs)} />
        <Figure label="Konversationen" value={formatNumber(d.conversations)} />
        <Figure label="Vermittlungen diesen Monat" value={formatNumber(d.placementsThisMonth)} />
        <Figure label="Vermittlungen dieses Jahr" value={formatNumber(d.placementsThisYear)} />
        <Figure
          label="Vermittlungsprämien dieses Jahr"
          wide
          value={formatEuro(d.fees.placementFeeThisYear)}
          hint={`gesamt: ${formatEuro(d.fees.placementFeeTotal)}`}
        />
        <Figure
          label="Servicegebühr (10 %) dieses Jahr"
          wide
          value={formatEuro(d.fees.serviceFeeThisYear)}
          hint={`gesamt: ${formatEuro(d.fees.serviceFeeTotal)}`}
        />
        <Figure label="Rückerstattungen (Garantiefälle)" value={formatEuro(d.fees.refundTotal)} wide />
      </div>

      <section className="card shadow-sm mb-4">
        <div className="card-body">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
            <h2 className="h5 mb-0">Letzte 12 Monate</h2>
            <Form.Select
              size="sm"
              style={{ width: 'auto' }}
              value={metric}
              onChange={(e) => setMetric(e.target.value as MetricKey)}
              aria-label="Kennzahl im Diagramm"
            >
              {Object.entries(METRICS).map(([key, m]) => (
                <option key={key} value={key}>
                  {m.label}
                </option>
              ))}
            </Form.Select>
          </div>
          <BarChart points={d.months} metric={metric} />
        </div>
      </section>

      <section className="card shadow-sm">
        <div className="card-body">
          <h2 className="h5">Aufbewahrungsläufe</h2>
          <p className="small text-body-secondary">
            Täglich: Accounts, die 12 Monate nicht genutzt wurden, werden per E-Mail gewarnt und 30 Tage danach
            gelöscht; Inserate, die älter als 6 Monate sind, werden deaktiviert.
          </p>
          {d.retentionRuns.length === 0 ? (
            <p className="mb-0">Noch keine Läufe.</p>
          ) : (
            <ResponsiveTable columns={RUN_COLUMNS} className="table table-sm mb-0" flat>
              {d.retentionRuns.map((run) => (
                <tr key={run.id}>
                  <td data-label="Zeitpunkt" className={cell.half}>
                    {formatDateTime(run.startedAt)}
                  </td>
                  <td data-label="Art" className={cell.half}>
                    {run.dryRun ? 'Probelauf' : 'Ausgeführt'}
                  </td>
                  <td data-label="Gewarnt" className={cell.half}>
                    {run.summary.warnedUsers.length}
                  </td>
                  <td data-label="Gelöscht" className={cell.half}>
                    {run.summary.deletedUsers.length}
                  </td>
                  <td data-label="Inserate deaktiviert" className={cell.half}>
                    {run.summary.deactivatedJobs.length}
                  </td>
                </tr>
              ))}
            </ResponsiveTable>
          )}
        </div>
      </section>
    </>
  );
}

/** A plain SVG bar chart: one bar per month, value above, month below. */
function BarChart({ points, metric }: { points: AdminMonthPoint[]; metric: MetricKey }) {
  const m = METRICS[metric];
  const width = 1000;
  const height = 240;
  const top = 24;
  const bottom = 28;
  const plot = height - top - bottom;
  const slot = width / Math.max(points.length, 1);
  const max = Math.max(1, ...points.map(m.value));
  const summary = points.map((p) => `${monthLabel(p.month)}: ${m.format(m.value(p))}`).join(', ');
  return (
    <svg
      className={`${styles.chart} w-100`}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${m.label} je Monat – ${summary}`}
      preserveAspectRatio="xMidYMid meet"
    >
      <line x1={0} x2={width} y1={top + plot} y2={top + plot} stroke="currentColor" strokeOpacity={0.2} />
      {points.map((p, i) => {
        const v = m.value(p);
        const h = (v / max) * plot;
        const x = i * slot + slot * 0.2;
        const w = slot * 0.6;
        return (
          <g key={p.month}>
            <title>{`${monthLabel(p.month)}: ${m.format(v)}`}</title>
            <rect
              className={styles.bar}
              x={x}
              y={top + plot - h}
              width={w}
              height={Math.max(h, v > 0 ? 1 : 0)}
              rx={3}
            />
            <text x={x + w / 2} y={top + plot - h - 6} textAnchor="middle">
              {v > 0 ? (metric === 'placements' || metric === 'newJobs' ? String(v) : formatNumber(v)) : ''}
            </text>
            <text x={x + w / 2} y={height - 8} textAnchor="middle">
              {monthLabel(p.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
