import { Link } from 'react-router';
import { formatNumber, type AdvertisementNumbers } from '@pb/core';

const counted = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * Under an advertisement in the company's list (issue 32): how many agencies opened it, and its
 * conversations and introductions as links — also for a deactivated one, whose conversations stay.
 */
export function AdvertisementNumbersLine({
  numbers,
  advertisement,
  showIntroductions,
}: {
  numbers: AdvertisementNumbers | undefined;
  advertisement: number;
  showIntroductions: boolean;
}) {
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return (
    <div className="small text-body-secondary d-flex flex-wrap column-gap-2" data-testid={`numbers-${advertisement}`}>
      <span>
        {counted(
          numbers?.agencies ?? 0,
          'Personalvermittlung hat es angesehen',
          'Personalvermittlungen haben es angesehen',
        )}
      </span>
      <Link to={`/advertisements/chat?advertisement=${advertisement}`} onClick={stop}>
        {counted(numbers?.conversations ?? 0, 'Konversation', 'Konversationen')}
      </Link>
      {showIntroductions && (
        <Link to={`/advertisements/introductions?advertisement=${advertisement}`} onClick={stop}>
          {counted(numbers?.introductions ?? 0, 'Vorstellung', 'Vorstellungen')}
        </Link>
      )}
    </div>
  );
}
