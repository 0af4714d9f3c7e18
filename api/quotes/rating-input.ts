/**
 * The rating engine's input from a validated request: each VIN decoded once (api/vin/decode.ts) into what
 * rating needs of it. The quote use case decodes while checking the request and reuses those answers
 * (ratedVehicleOf); tests, the worked example and the bench prepare a whole request with ratingInputOf.
 */
import type { QuoteRequest } from '../../contract/index.ts';
import type { RatedVehicle, RatingInput } from '../rating/index.ts';
import { decodeVin, modelYearOf, type VinDecode } from '../vin/decode.ts';

/** What rating needs of one decoded VIN: the model line (other makers: 'other') and the model year. */
export function ratedVehicleOf(vin: string, decoded: VinDecode): RatedVehicle {
  if (decoded.kind === 'porsche') return { line: decoded.model, modelYear: decoded.year };
  return { line: 'other', modelYear: decoded.kind === 'other-maker' ? decoded.year : modelYearOf(vin) };
}

/** Every vehicle of `request` decoded; `now` bounds the model years a VIN may carry. */
export function ratingInputOf(request: QuoteRequest, now: Date): RatingInput {
  return { request, vehicles: request.vehicles.map((vehicle) => ratedVehicleOf(vehicle.vin, decodeVin(vehicle.vin, now))) };
}
