import { BRAND, stateName } from '../../../../contract/index.ts';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';

/** doc 3 section 2: "Any state not in these lists gets no calculation and a call-us message". */
export function UnsupportedState({ ratedState }: { ratedState: string }) {
  return (
    <p className="ppm-coverage__problem" role="alert">
      {T.unsupportedState(stateName(ratedState) ?? ratedState)}{' '}
      <a className="ppm-wizard__phone" href={BRAND.phoneHref}>
        {BRAND.phone}
      </a>
      .
    </p>
  );
}
