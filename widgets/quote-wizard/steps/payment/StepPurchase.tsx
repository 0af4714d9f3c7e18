import type { StepProps } from '../../step.ts';
import { StepLienholders } from '../lienholders/StepLienholders.tsx';
import { StepPayment, type StepPaymentProps } from './StepPayment.tsx';
import { purchaseOf } from '../../model/purchase-model.ts';

/**
 * What step 6 shows: the payment until the quote is bound, then the lienholder sub-step (doc 3 section 4:
 * "On success, if any vehicle is LEASED or FINANCED, the lienholder sub-step shows"). The sub-step keeps
 * step 6's number, so the step indicator still reads Payment and a reload lands on it again.
 */
export function StepPurchase(props: StepPaymentProps) {
  const purchase = purchaseOf(props.state);
  if (purchase.bound && !purchase.lienholdersDone) return <StepLienholders {...(props as StepProps)} />;
  return <StepPayment {...props} />;
}
