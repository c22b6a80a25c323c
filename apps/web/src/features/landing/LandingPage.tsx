import { lazy, memo, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { PublicLayout } from '../../components/public/PublicLayout';
import { usePublicConfig } from '../../lib/publicConfig';
import { BenefitsSection } from './BenefitsSection';
import { ConceptSection } from './ConceptSection';
import { ContactSection } from './ContactSection';
import { HeroSection } from './HeroSection';
import { JobsSection } from './JobsSection';
import { LogoStrip } from './LogoStrip';
import { RegisterCta } from './RegisterCta';
import { TeamSection } from './TeamSection';

// The dialog code loads only when someone opens the video.
const VideoModal = lazy(() => import('./VideoModal').then((m) => ({ default: m.VideoModal })));

/** How long the layout above the target must stay still before we stop re-aligning, and the cap. */
const HASH_SCROLL_SETTLE_MS = 1000;
const HASH_SCROLL_MAX_MS = 10_000;

/**
 * Arriving from another page via "/#kontakt" etc.: jump to that section and keep it in
 * place while content above it finishes loading (route chunks, data, images, fonts).
 * The jump is instant: Bootstrap turns on smooth scrolling for the document, and a
 * smooth scroll that starts while the page is still growing can be cut short and leave
 * the visitor at the top. Re-aligning stops once the layout above has been still for
 * a second (at most ten), or at the first sign of the user scrolling themselves.
 */
function useInitialHashScroll() {
  useLayoutEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    const align = () => target.scrollIntoView({ behavior: 'instant', block: 'start' });
    align();
    let settleTimer = 0;
    const settle = () => {
      window.clearTimeout(settleTimer);
      settleTimer = window.setTimeout(stop, HASH_SCROLL_SETTLE_MS);
    };
    const observer = new ResizeObserver(() => {
      align();
      settle();
    });
    // The body and every block before the target: a section growing above it moves it
    // even when the page's total height stays the same.
    observer.observe(document.body);
    for (let node = target.previousElementSibling; node; node = node.previousElementSibling) observer.observe(node);
    void document.fonts?.ready.then(() => {
      if (!stopped) align();
    });
    const userEvents = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    let stopped = false;
    function stop() {
      if (stopped) return;
      stopped = true;
      observer.disconnect();
      window.clearTimeout(settleTimer);
      window.clearTimeout(capTimer);
      userEvents.forEach((type) => window.removeEventListener(type, stop));
    }
    const capTimer = window.setTimeout(stop, HASH_SCROLL_MAX_MS);
    settle();
    userEvents.forEach((type) => window.addEventListener(type, stop, { once: true, passive: true }));
    return stop;
  }, []);
}

/**
 * The sections below the hero, in page order. Each is rendered in a task of its own after the
 * first paint (issue 14: first contentful paint and total blocking time at 4x CPU — rendering the
 * whole page at once was one long task before anything showed). memo: a later section's arrival
 * does not render the earlier ones again.
 */
const BELOW_THE_FOLD = [
  ConceptSection,
  BenefitsSection,
  LogoStrip,
  JobsSection,
  TeamSection,
  ContactSection,
  RegisterCta,
].map((section) => memo(section));

/**
 * How many sections below the hero may render: all at once when the address names a section
 * (/#kontakt must find it), else one more in each task after the browser painted. Until all are
 * there a placeholder a screen high keeps the footer below the fold, so nothing visible moves.
 */
function useSectionsShown(total: number): number {
  const [shown, setShown] = useState(() => (window.location.hash.length > 1 ? total : 0));
  useEffect(() => {
    if (shown >= total) return;
    // An effect runs after the browser painted; the timeout starts a task of its own.
    const timer = window.setTimeout(() => setShown((n) => n + 1), 0);
    return () => window.clearTimeout(timer);
  }, [shown, total]);
  return shown;
}

/** The hero with its video link: the site settings (video address) render only this part again. */
function HeroWithVideo() {
  const config = usePublicConfig();
  const [videoOpen, setVideoOpen] = useState(false);
  const [videoRequested, setVideoRequested] = useState(false);
  const videoUrl = config.data?.introVideoUrl ?? null;
  return (
    <>
      <HeroSection
        onPlayVideo={
          config.isPending
            ? undefined
            : videoUrl
              ? () => {
                  setVideoRequested(true);
                  setVideoOpen(true);
                }
              : null
        }
      />
      {videoUrl && videoRequested ? (
        <Suspense fallback={null}>
          <VideoModal url={videoUrl} show={videoOpen} onHide={() => setVideoOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

const Hero = memo(HeroWithVideo);

/** Landing page (spec §2): menu, hero, concept, benefits, logos, jobs, team, contact, call to action. */
export function Component() {
  const shown = useSectionsShown(BELOW_THE_FOLD.length);
  useInitialHashScroll();
  return (
    <PublicLayout title="Prämienbörse – Stelleninserate mit Vermittlungsprämie" onLanding>
      <Hero />
      {BELOW_THE_FOLD.slice(0, shown).map((Section, index) => (
        <Section key={index} />
      ))}
      {shown < BELOW_THE_FOLD.length ? <div className="min-vh-100" aria-busy="true" /> : null}
    </PublicLayout>
  );
}
