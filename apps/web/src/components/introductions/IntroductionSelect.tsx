import Form from 'react-bootstrap/Form';
import { CONSENT_GIVEN, formatDate, type Introduction } from '@pb/core';
import { useIntroductionList } from './api';
import { bonusText, candidateName } from './IntroductionFacts';

/**
 * In the placement report dialogs: which introduced candidate was hired. The caller's own
 * introductions for this advertisement (consultant: made; company: received); choosing one
 * makes the bonus locked at the introduction apply. Renders nothing when there are none.
 */
export function IntroductionSelect({
  advertisementId,
  value,
  onChange,
  eligible = () => true,
}: {
  advertisementId: number;
  value: Introduction | null;
  onChange: (introduction: Introduction | null) => void;
  /** Which introductions may be named (a consultant: those the company made an offer for). */
  eligible?: (introduction: Introduction) => boolean;
}) {
  const list = useIntroductionList({ advertisement: advertisementId, limit: 100 });
  // A placement can only be tied to an introduction the candidate agreed to (issue 35).
  const options = (list.data?.data ?? []).filter(
    (i) => i.claim !== 'void' && CONSENT_GIVEN.includes(i.consent.state) && eligible(i),
  );
  if (options.length === 0) return null;
  return (
    <Form.Group className="mb-3" controlId="pb-report-introduction">
      <Form.Label>Vorgestellte Person (optional)</Form.Label>
      <Form.Select
        value={value?.id ?? ''}
        onChange={(e) => onChange(options.find((i) => i.id === Number(e.target.value)) ?? null)}
        aria-describedby="pb-report-introduction-hint"
      >
        <option value="">Keine Vorstellung auswählen</option>
        {options.map((i) => (
          <option key={i.id} value={i.id}>
            {candidateName(i)} – vorgestellt am {formatDate(i.introducedAt)} ({bonusText(i.bonus)})
          </option>
        ))}
      </Form.Select>
      <Form.Text id="pb-report-introduction-hint" muted>
        {value
          ? `Es gilt die Prämie bei Vorstellung: ${bonusText(value.bonus)}.`
          : 'Wurde eine vorgestellte Person eingestellt, gilt die Prämie zum Zeitpunkt ihrer Vorstellung.'}
      </Form.Text>
    </Form.Group>
  );
}
