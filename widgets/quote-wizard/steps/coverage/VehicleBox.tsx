import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../core/api-client.ts';
import type { VehicleForm } from '../../wizard-model.ts';
import { modelLine, pictureUrl, shownVin } from './coverage-logic.ts';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';
import * as endpoints from '../../../../contract/api/endpoints.ts';

/**
 * The vehicle box of step 4 (doc 3 section 2): 'Vehicle', or 'Vehicle N of M'; the model line; the
 * picture; the VIN line unless the VIN is a placeholder; previous and next chevrons with more than one
 * vehicle and a calculated quote. The first vehicle's picture was fetched after step 2; another vehicle's
 * is fetched when its page shows, and the default drawing stands in when there is none.
 */
export interface VehicleBoxProps {
  vehicles: readonly VehicleForm[];
  index: number;
  firstPictures: readonly { view: string; uri: string }[] | null;
  api: ApiClient;
  apiBase: string;
  chevrons: boolean;
  onMove: (index: number) => void;
  headingId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

/** Pictures fetched for vehicles after the first, by VIN, for the page's life. */
const fetched = new Map<string, readonly { view: string; uri: string }[] | null>();

function usePictures(vehicle: VehicleForm | undefined, index: number, firstPictures: VehicleBoxProps['firstPictures'], api: ApiClient) {
  const key = vehicle?.vin ?? '';
  const [, rerender] = useState(0);
  useEffect(() => {
    if (index === 0 || !vehicle || !vehicle.vin || fetched.has(key)) return;
    let live = true;
    fetched.set(key, null);
    const query = { vin: vehicle.vin, year: vehicle.year, model: vehicle.model };
    void api.call(endpoints.vehicleImage, null, { query }).then((result) => {
      const pictures = result.ok ? result.data.Vin.picture : null;
      fetched.set(key, pictures);
      if (live) rerender((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [key, index]);
  return index === 0 ? firstPictures : (fetched.get(key) ?? null);
}

export function VehicleBox({ vehicles, index, firstPictures, api, apiBase, chevrons, onMove, headingId, headingRef }: VehicleBoxProps) {
  const vehicle = vehicles[index];
  const pictures = usePictures(vehicle, index, firstPictures, api);
  const [broken, setBroken] = useState<string | null>(null);
  if (!vehicle) return null;
  const src = pictureUrl(pictures, apiBase, globalThis.location?.origin ?? '');
  const vin = shownVin(vehicle);
  const many = vehicles.length > 1;

  return (
    <div className="ppm-cover-vehicle" part="vehicle-box">
      <div className="ppm-cover-vehicle__head">
        {chevrons && many && (
          <button
            type="button"
            className="ppm-cover-vehicle__chevron"
            aria-label={T.previousVehicle}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
        )}
        <h4 id={headingId} ref={headingRef} tabIndex={-1} className="ppm-cover-vehicle__heading">
          {many ? T.vehicleOf(index + 1, vehicles.length) : T.vehicle}
        </h4>
        {chevrons && many && (
          <button
            type="button"
            className="ppm-cover-vehicle__chevron"
            aria-label={T.nextVehicle}
            disabled={index === vehicles.length - 1}
            onClick={() => onMove(index + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        )}
      </div>
      <div className="ppm-cover-vehicle__body">
        <div className="ppm-cover-vehicle__picture">
          {src && broken !== src ? (
            // the model line beside it says what the picture shows
            <img src={src} alt="" onError={() => setBroken(src)} />
          ) : (
            <svg viewBox="0 0 240 80" aria-hidden="true" focusable="false" className="ppm-cover-vehicle__default">
              <path
                fill="currentColor"
                d="M10 58c0-9 6-13 16-15l34-6c14-12 32-21 58-21 22 0 41 7 60 19l31 6c11 2 19 7 21 17v6h-18a20 20 0 0 0-39 0H77a20 20 0 0 0-39 0H10Z"
              />
              <circle cx="57" cy="62" r="13" fill="currentColor" />
              <circle cx="181" cy="62" r="13" fill="currentColor" />
            </svg>
          )}
        </div>
        <dl className="ppm-cover-vehicle__facts">
          <div>
            <dt>{T.model}</dt>
            <dd>{modelLine(vehicle)}</dd>
          </div>
          {vin && (
            <div>
              <dt>{T.vin}</dt>
              <dd className="ppm-cover-vehicle__vin">{vin}</dd>
            </div>
          )}
        </dl>
      </div>
    </div>
  );
}
