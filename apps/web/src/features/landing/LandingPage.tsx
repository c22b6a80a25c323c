import { lazy, memo, Suspense, useLayoutEffect, useState } from 'react';
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
 * The sections below the hero, in page order. The server renders them all (the HTML is the page
 * before any script runs); each sits in its own Suspense boundary, so React hydrates them one by
 * one in tasks of their own instead of in one long task (first paint and total blocking time at
 * 4x CPU, issue 14). memo: a section does not render again when the hero's state changes.
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
  useInitialHashScroll();
  return (
    <PublicLayout
      title="Prämienbörse – Stelleninserate mit Vermittlungsprämie"
      description="Stelleninserate mit Vermittlungsprämie in Österreich: Unternehmen zahlen nur bei erfolgreicher Besetzung, Personalberater/innen stellen passende Kandidat/innen vor."
      onLanding
    >
      <Hero />
      {BELOW_THE_FOLD.map((Section, index) => (
        <Suspense key={index} fallback={null}>
          <Section />
        </Suspense>
      ))}
    </PublicLayout>
  );
}
