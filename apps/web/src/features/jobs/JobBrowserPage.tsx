import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG, SEARCH_TEXT_MAX_LENGTH, type District, type Job } from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from '../../lib/session';
import { useDistricts } from './api/districts';
import { recordAdvertisementView } from './api/numbers';
import {
  browserPageParams,
  filtersFromParams,
  hasFilter,
  queriedFilters,
  savedFilters,
  useBrowserJobs,
  useJob,
  type BrowserFilters,
  type BrowserSort,
} from './api/jobs';
import { useNewlyPublished } from './useNewlyPublished';
import { AdvancedFilters } from './components/AdvancedFilters';
import { useToggleWatch, useWatches } from '../../components/searches/api';
import { searchName } from '../../components/searches/summary';
import { DistrictFilter } from './components/DistrictFilter';
import { Icon } from '../../components/Icon';
import { JobProfile } from './components/JobProfile';
import { JobRows, SortSelect } from './components/JobRows';
import { TWO_PANES, useMediaQuery } from '../../lib/useMediaQuery';
import { useDebounced } from './useDebounced';
import styles from './jobs.module.css';

const SEARCH_DEBOUNCE_MS = 300;
const NO_DISTRICTS: readonly District[] = [];

// The dialogs' code (and the checks and texts they bring along) loads when one is first opened.
const SaveSearchModal = lazy(() =>
  import('../../components/searches/SaveSearchModal').then((m) => ({ default: m.SaveSearchModal })),
);
const ConsultantReportModal = lazy(() =>
  import('./components/ConsultantReportModal').then((m) => ({ default: m.ConsultantReportModal })),
);
const ContactCompanyModal = lazy(() =>
  import('./components/ContactCompanyModal').then((m) => ({ default: m.ContactCompanyModal })),
);
const IntroduceModal = lazy(() =>
  import('../../components/introductions/IntroduceModal').then((m) => ({ default: m.IntroduceModal })),
);

/**
 * Advertisement browser (spec §2 view): sidebar with count, search, districts and the
 * list; the selected advertisement's profile on the right. Below md the page toggles
 * between the list and the profile with a 'Stelleninserate' back bar.
 * `conversationJobIds`: the advertisements the caller is in conversation about (from the
 * chat; undefined while loading).
 */
export function JobBrowserPage({ conversationJobIds }: { conversationJobIds: ReadonlySet<number> | undefined }) {
  const session = useSession();
  const isConsultant = session?.role === 'consultant';
  const [params, setParams] = useSearchParams();
  const selectedParam = Number(params.get('id'));
  const selectedId = Number.isInteger(selectedParam) && selectedParam > 0 ? selectedParam : null;
  const [mobileView, setMobileView] = useState<'table' | 'profile'>(selectedId ? 'profile' : 'table');
  // A phone shows one pane: the hidden profile is not rendered (nor its documents requested).
  const profileShown = useMediaQuery(TWO_PANES) || mobileView === 'profile';

  // A saved search's 'Anzeigen' opens the browser with its filters in the URL.
  const [initial] = useState(() => filtersFromParams(params));
  const [text, setText] = useState(initial.text);
  const [districtIds, setDistrictIds] = useState<number[]>(initial.districtIds);
  const [more, setMore] = useState({
    states: initial.states,
    minBonus: initial.minBonus,
    minBonusEuros: initial.minBonusEuros,
    workingTime: initial.workingTime,
    respondsWithin: initial.respondsWithin,
  });
  // The order is chosen, not typed: it applies at once.
  const [sort, setSort] = useState<BrowserSort>(initial.sort);
  const debouncedText = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const debouncedMore = useDebounced(more, SEARCH_DEBOUNCE_MS);
  const filters: BrowserFilters = useMemo(
    () => queriedFilters({ text: debouncedText, districtIds, ...debouncedMore, sort }),
    [debouncedText, districtIds, debouncedMore, sort],
  );
  // The filters and the order in the page's URL (replacing its entry): a reload or a shared link keeps them.
  useEffect(() => {
    const next = browserPageParams(params, filters);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [filters, params, setParams]);
  // What the inputs say now (not yet debounced): 'Suche speichern' saves exactly this.
  const typed: BrowserFilters = { text: text.trim(), districtIds, ...more, sort };

  // Stable props: the sidebar's filters do not render again when a list arrives.
  const advancedValue = useMemo(() => ({ ...filters, ...more }), [filters, more]);
  const patchMore = useCallback((patch: Partial<BrowserFilters>) => setMore((m) => ({ ...m, ...patch })), []);

  const districts = useDistricts();
  // the newest 200; 'Mehr laden' appends the next ones, a new filter starts again
  const jobs = useBrowserJobs(filters);
  const fresh = useNewlyPublished(filters, jobs.loadedAt);
  const watches = useWatches(isConsultant);
  const toggleWatch = useToggleWatch();
  const [saving, setSaving] = useState(false);
  const [savedNotice, setSavedNotice] = useState(false);
  const { list, total } = jobs;
  const filtered = hasFilter(filters);
  // spec §9: the total only without a filter, else the number of loaded results
  const count = filtered ? list.length : total;

  const inList = selectedId !== null ? list.find((j) => j.id === selectedId) : undefined;
  const single = useJob(selectedId !== null && !inList && jobs.isSuccess ? selectedId : null);
  // The server decides who may read one; the browser shows only active ones (its owner's deactivated
  // advertisement is 'not there' here, as before, and opens in the editor).
  const selected: Job | null | undefined =
    selectedId === null
      ? list[0]
      : (inList ?? (single.isPending ? undefined : single.data?.publishedAt ? single.data : null));

  // A consultant who chose an advertisement has looked at it: the company's numbers count the agency once.
  const chosenId = selectedId !== null && selected ? selected.id : null;
  useEffect(() => {
    if (isConsultant && chosenId !== null) recordAdvertisementView(chosenId);
  }, [isConsultant, chosenId]);

  // the modal keeps its advertisement even when a report removes it from the list
  const [modal, setModal] = useState<{ kind: 'contact' | 'introduce' | 'report'; job: Job } | null>(null);
  // '?id=<advertisement>&melden=<introduction>' (the overview, an introduction): its report dialog, filled in.
  const reportParam = Number(params.get('melden'));
  const reportFor = isConsultant && Number.isInteger(reportParam) && reportParam > 0 ? reportParam : null;
  // A deactivated advertisement too: the server lets an agency that introduced someone read it.
  const reportJob = selected?.id === selectedId ? selected : single.data?.id === selectedId ? single.data : null;
  const reportShown =
    modal?.kind === 'report'
      ? { job: modal.job, introductionId: undefined }
      : reportFor !== null && reportJob && modal === null
        ? { job: reportJob, introductionId: reportFor }
        : null;
  // Advertisements this consultant reported in this visit whose report awaits the office (the server refuses a second).
  const [reportsInReview, setReportsInReview] = useState<ReadonlySet<number>>(() => new Set());

  const select = useCallback(
    (job: Job) => {
      const next = new URLSearchParams(params);
      next.set('id', String(job.id));
      setParams(next, { replace: true });
      setMobileView('profile');
      window.scrollTo({ top: 0 });
    },
    [params, setParams],
  );
  const backToList = () => setMobileView('table');

  return (
    <div className={`${styles.browser} container-fluid py-3 py-md-4 px-md-4`}>
      <div className="row g-3 g-lg-4">
        <aside
          className={`col-md-5 col-lg-4 col-xxl-3 ${mobileView === 'profile' ? 'd-none d-md-block' : ''}`}
          aria-label="Stelleninserate"
        >
          <div className={`card ${styles.sidebar} shadow-sm`}>
            <div className="card-body pb-2">
              <div className="d-flex align-items-center justify-content-between mb-3">
                <h1 className="h4 mb-0">Job Inserate</h1>
                <span className={`badge rounded-pill ${styles.count}`} aria-live="polite" data-testid="job-count">
                  {jobs.isPending ? '…' : `${count} ${count === 1 ? 'Inserat' : 'Inserate'}`}
                </span>
              </div>
              <div className={`${styles.search} mb-2`}>
                <Icon name="search" className={styles.searchIcon} />
                <Form.Control
                  id="pb-job-search"
                  type="search"
                  placeholder="Suche nach Titel, Ort, Gehalt …"
                  aria-label="Inserate durchsuchen"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  maxLength={SEARCH_TEXT_MAX_LENGTH}
                />
              </div>
              <DistrictFilter
                districts={districts.data ?? NO_DISTRICTS}
                selected={districtIds}
                onChange={setDistrictIds}
              />
              <AdvancedFilters value={advancedValue} onChange={patchMore} />
              <SortSelect value={sort} onChange={setSort} />
              {isConsultant && (
                <div className="d-flex align-items-center gap-2 mt-2">
                  <Button variant="outline-primary" size="sm" onClick={() => setSaving(true)}>
                    Suche speichern
                  </Button>
                  {savedNotice && (
                    <span className="small text-success" role="status">
                      Gespeichert – <Link to="/advertisements/searches">Meine Suchaufträge</Link>
                    </span>
                  )}
                </div>
              )}
              {fresh.count > 0 && (
                <div role="status" className="mt-2">
                  <Button variant="primary" size="sm" className="w-100" onClick={fresh.show}>
                    {fresh.count === 1 ? '1 neues Inserat' : `${fresh.count} neue Inserate`} — anzeigen
                  </Button>
                </div>
              )}
            </div>
            <div className={styles.jobList}>
              {jobs.isPending && (
                <div className="text-center py-5">
                  <Spinner role="status" aria-label="Inserate werden geladen" />
                </div>
              )}
              {jobs.error && (
                <Alert variant="danger" className="m-3">
                  {jobs.error.message}
                </Alert>
              )}
              {jobs.isSuccess && list.length === 0 && (
                <p className="text-body-secondary text-center px-3 py-5 mb-0">
                  {filtered ? 'Keine Inserate gefunden. Passen Sie die Suche an.' : 'Aktuell gibt es keine Inserate.'}
                </p>
              )}
              <JobRows
                list={list}
                listKey={JSON.stringify(filters)}
                activeId={selected?.id}
                activeClass={(selectedId === null ? styles.activeMd : styles.active) ?? ''}
                onSelect={select}
                busy={jobs.isFetching}
              >
                {jobs.hasNextPage && (
                  <div className="p-3 text-center">
                    <Button
                      variant="outline-primary"
                      disabled={jobs.isFetching}
                      onClick={() => void jobs.fetchNextPage()}
                    >
                      {jobs.isFetching && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                      Mehr laden
                    </Button>
                  </div>
                )}
              </JobRows>
            </div>
          </div>
        </aside>

        <section
          className={`col-md-7 col-lg-8 col-xxl-9 ${mobileView === 'table' ? 'd-none d-md-block' : ''}`}
          aria-label="Inserat"
        >
          <button type="button" className={`${styles.backBar} d-md-none`} onClick={backToList}>
            <Icon name="back" /> Stelleninserate
          </button>
          {!profileShown ? null : selected ? (
            <JobProfile
              job={selected}
              isConsultant={isConsultant}
              inConversation={conversationJobIds?.has(selected.id)}
              reportInReview={reportsInReview.has(selected.id)}
              onContact={() => setModal({ kind: 'contact', job: selected })}
              onIntroduce={() => setModal({ kind: 'introduce', job: selected })}
              onReport={() => setModal({ kind: 'report', job: selected })}
              chosen={chosenId === selected.id}
              watched={isConsultant ? (watches.data?.data.includes(selected.id) ?? false) : undefined}
              onToggleWatch={() =>
                toggleWatch.mutate({ jobId: selected.id, watch: !(watches.data?.data.includes(selected.id) ?? false) })
              }
            />
          ) : selected === undefined && (jobs.isPending || single.isFetching) ? (
            <div className="text-center py-5">
              <Spinner role="status" aria-label="Inserat wird geladen" />
            </div>
          ) : (
            <div className={`card ${styles.emptyProfile} shadow-sm`}>
              <div className="card-body text-center py-5 text-body-secondary">
                {selectedId !== null ? MSG.advertisementGone : 'Wählen Sie links ein Inserat aus.'}
              </div>
            </div>
          )}
        </section>
      </div>

      <Suspense fallback={null}>
        {saving && (
          <SaveSearchModal
            filters={savedFilters(typed)}
            initialName={searchName(typed, districts.data ?? [])}
            onClose={(saved) => {
              setSaving(false);
              setSavedNotice(saved);
            }}
          />
        )}
        {modal?.kind === 'contact' && <ContactCompanyModal job={modal.job} onClose={() => setModal(null)} />}
        {modal?.kind === 'introduce' && (
          <IntroduceModal
            target={{
              advertisementId: modal.job.id,
              jobTitle: modal.job.jobTitle,
              companyName: modal.job.users_permissions_user?.username ?? null,
              requiredProfileFields: modal.job.requiredProfileFields,
            }}
            onClose={() => setModal(null)}
          />
        )}
        {reportShown && (
          <ConsultantReportModal
            job={reportShown.job}
            introductionId={reportShown.introductionId}
            onClose={(result) => {
              setModal(null);
              if (reportFor !== null) {
                const next = new URLSearchParams(params);
                next.delete('melden');
                setParams(next, { replace: true });
              }
              if (result?.reviewPending) setReportsInReview((ids) => new Set(ids).add(reportShown.job.id));
              else if (result) {
                // the advertisement is deactivated: back to the (reloaded) list
                setParams({}, { replace: true });
                setMobileView('table');
              }
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
