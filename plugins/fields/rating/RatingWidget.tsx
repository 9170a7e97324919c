import './rating.css';
import { memo } from 'react';
import type { WidgetProps } from '../../../runtime/react/contract';
import type { RatingConfig } from './manifest';

/** Stars as a radio group; choosing the current star again clears the rating. */
export const RatingWidget = memo(function RatingWidget({
  id,
  value,
  disabled,
  onChange,
  config,
}: WidgetProps<RatingConfig>) {
  const n = typeof value === 'number' ? value : 0;
  return (
    <div id={id} role="radiogroup" className="rating">
      {Array.from({ length: config.maxStars }, (_, i) => (
        <button
          key={i}
          type="button"
          role="radio"
          aria-checked={n === i + 1}
          aria-label={`${i + 1}`}
          className={`rating-star${i < n ? ' on' : ''}`}
          disabled={disabled}
          onClick={() => onChange(n === i + 1 ? null : i + 1)}
        >
          ★
        </button>
      ))}
    </div>
  );
});
