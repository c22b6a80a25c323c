import { lazy, Suspense, useEffect, useState } from 'react';
import { PublicLayout } from '../../components/public/PublicLayout';
import { usePublicConfig } from '../../components/public/usePublicConfig';
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

/**
 * Arriving from another page via "/#kontakt" etc.: scroll to that section, and keep it
 * in place while content above it finishes loading (for up to 2 s, until the user scrolls).
 */
function useInitialHashScroll() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    target.scrollIntoView();
    const observer = new ResizeObserver(() => target.scrollIntoView());
    observer.observe(document.body);
    const stop = () => observer.disconnect();
    const timer = window.setTimeout(stop, 2000);
    const userEvents = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    userEvents.forEach((type) => window.addEventListener(type, stop, { once: true, passive: true }));
    return () => {
      stop();
      window.clearTimeout(timer);
      userEvents.forEach((type) => window.removeEventListener(type, stop));
    };
  }, []);
}

/** Landing page (spec §2): menu, hero, concept, benefits, logos, jobs, team, contact, call to action. */
export function Component() {
  const config = usePublicConfig();
  const [videoOpen, setVideoOpen] = useState(false);
  const [videoRequested, setVideoRequested] = useState(false);
  const videoUrl = config.data?.introVideoUrl ?? null;
  useInitialHashScroll();
  return (
    <PublicLayout title="Prämienbörse – Stelleninserate mit Vermittlungsprämie" onLanding>
      <HeroSection
        onPlayVideo={
          videoUrl
            ? () => {
                setVideoRequested(true);
                setVideoOpen(true);
              }
            : null
        }
      />
      <ConceptSection />
      <BenefitsSection />
      <LogoStrip />
      <JobsSection />
      <TeamSection />
      <ContactSection />
      <RegisterCta />
      {videoUrl && videoRequested ? (
        <Suspense fallback={null}>
          <VideoModal url={videoUrl} show={videoOpen} onHide={() => setVideoOpen(false)} />
        </Suspense>
      ) : null}
    </PublicLayout>
  );
}
