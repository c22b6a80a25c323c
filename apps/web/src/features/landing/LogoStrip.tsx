import { useEffect, useRef, useState } from 'react';
import { LOGO_COUNT, LOGO_STRIP_STEP, LOGO_STRIP_TICK_MS, PARTNER_AGENCIES_CLAIM } from '@pb/core';
import { REFERENCE_LOGOS } from './logos';
import { useReducedMotion } from './useReducedMotion';
import styles from './LogoStrip.module.css';

/** Width reserved per logo (image + gap); the strip loops after LOGO_COUNT of them. */
export const LOGO_SLOT_PX = 220;
const LOOP_PX = LOGO_COUNT * LOGO_SLOT_PX;

/**
 * Reference logos moving LOGO_STRIP_STEP px every LOGO_STRIP_TICK_MS ms (spec §9).
 * The list is rendered twice; after one full set the offset starts over, which
 * looks seamless. Still when the system asks for reduced motion or when paused.
 */
export function LogoStrip() {
  const trackRef = useRef<HTMLDivElement>(null);
  const offsetRef = useRef(0);
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const moving = !reducedMotion && !paused;

  useEffect(() => {
    const track = trackRef.current;
    if (!track || !moving) return;
    const timer = window.setInterval(() => {
      let next = offsetRef.current + LOGO_STRIP_STEP;
      if (next >= LOOP_PX) next -= LOOP_PX;
      offsetRef.current = next;
      track.style.transform = `translate3d(${-next}px, 0, 0)`;
    }, LOGO_STRIP_TICK_MS);
    return () => window.clearInterval(timer);
  }, [moving]);

  const logos = REFERENCE_LOGOS.slice(0, LOGO_COUNT);
  return (
    <section className={styles.logos} aria-labelledby="referenzen-title">
      <div className="container">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
          <h2 id="referenzen-title" className="h5 mb-0 text-body-secondary fw-semibold">
            Mehr als {PARTNER_AGENCIES_CLAIM} Personalvermittlungen und zahlreiche Unternehmen vertrauen uns
          </h2>
          {reducedMotion ? null : (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setPaused((p) => !p)}
              aria-pressed={paused}
            >
              {paused ? 'Laufband fortsetzen' : 'Laufband anhalten'}
            </button>
          )}
        </div>
      </div>
      <div className={styles.viewport}>
        <div ref={trackRef} className={styles.track} data-testid="logo-track">
          {[0, 1].map((copy) => (
            <ul key={copy} className={styles.list} aria-hidden={copy === 1 ? true : undefined}>
              {logos.map((logo) => (
                <li key={logo.file} className={styles.item} style={{ width: LOGO_SLOT_PX }}>
                  <img
                    src={`/logos/${logo.file}`}
                    alt={copy === 0 ? `Logo ${logo.name}` : ''}
                    width={180}
                    height={52}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
